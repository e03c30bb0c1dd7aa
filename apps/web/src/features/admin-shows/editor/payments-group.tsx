import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { adminShowsTexts } from '../admin-shows.texts';
import { CheckField } from '../settings/settings-inputs';
import type { SettingsGroupProps } from '../settings/settings-group';
import { DepositInfoEditor } from './deposit-info-editor';

const t = adminShowsTexts.payments;

export const PAYMENTS_SETTINGS_KEYS = [
  'deposit',
  'deposit_only',
  'deposit_payment_type',
  'deposit_info',
  'ask_for_nit',
  'payment_provider',
  'registration',
] as const;

const DEPOSIT_TYPES = ['BANK_DEPOSIT', 'ACCOUNT_BANK_DEPOSIT'] as const;

/**
 * How the buyer pays (000 §3 and §5): card through the platform's gateway or another,
 * bank deposit (alone or beside the card) with the data to deposit to, free
 * registration, and whether the invoice asks for a NIT.
 */
export function PaymentsGroup({ settings, onChange, errors, disabled }: SettingsGroupProps) {
  const error = (key: (typeof PAYMENTS_SETTINGS_KEYS)[number]) => errors[`settings.${key}`];
  const check = (key: (typeof PAYMENTS_SETTINGS_KEYS)[number], label: string, hint?: string) => (
    <CheckField
      label={label}
      hint={hint}
      checked={settings[key] === true}
      error={error(key)}
      onChange={(checked) => onChange({ [key]: checked })}
    />
  );
  const hasDeposit = settings.deposit === true || settings.deposit_only === true;

  return (
    <fieldset className="settings-group" disabled={disabled}>
      <p className="settings-group__note">{t.intro}</p>
      <div className="field-grid">
        {check('deposit', t.deposit)}
        {check('deposit_only', t.depositOnly)}
        {check('ask_for_nit', t.askForNit)}
        {check('registration', t.registration, t.registrationHint)}
      </div>
      <div className="field-grid">
        <TextField
          label={t.provider}
          hint={t.providerHint}
          value={typeof settings.payment_provider === 'string' ? settings.payment_provider : ''}
          error={error('payment_provider')}
          onChange={(event) =>
            onChange({
              payment_provider: event.target.value.trim() === '' ? null : event.target.value,
            })
          }
        />
        {hasDeposit && (
          <SelectField
            label={t.depositType}
            value={
              settings.deposit_payment_type === 'ACCOUNT_BANK_DEPOSIT'
                ? 'ACCOUNT_BANK_DEPOSIT'
                : 'BANK_DEPOSIT'
            }
            error={error('deposit_payment_type')}
            options={DEPOSIT_TYPES.map((type) => ({ value: type, label: t.depositTypes[type] }))}
            onChange={(event) => onChange({ deposit_payment_type: event.target.value })}
          />
        )}
      </div>
      {hasDeposit && (
        <DepositInfoEditor value={settings.deposit_info} onChange={onChange} errors={errors} />
      )}
    </fieldset>
  );
}
