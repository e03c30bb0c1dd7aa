import { CURRENCIES } from '@taquilla/contract';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { adminShowsTexts } from '../admin-shows.texts';
import { CheckField } from '../settings/settings-inputs';
import type { SettingsGroupProps } from '../settings/settings-group';

const t = adminShowsTexts.sales;

export const SALES_SETTINGS_KEYS = [
  'currency',
  'max_ticket_quantity',
  'duration',
  'single_ticket',
  'has_map',
  'has_promo_code',
  'vod',
  'quickbuy_link',
] as const;

/** A number input's value as a settings patch: blank removes the key (its default applies). */
function numberPatch(key: string, value: string): Record<string, unknown> {
  if (value.trim() === '') return { [key]: null };
  const number = Number(value);
  return Number.isFinite(number) ? { [key]: number } : {};
}

/** How the show sells (000 §3): currency, quantities, duration, seat map, promo codes, VOD. */
export function SalesGroup({ settings, onChange, errors, disabled }: SettingsGroupProps) {
  const error = (key: (typeof SALES_SETTINGS_KEYS)[number]) => errors[`settings.${key}`];
  const check = (key: (typeof SALES_SETTINGS_KEYS)[number], label: string) => (
    <CheckField
      label={label}
      checked={settings[key] === true}
      error={error(key)}
      onChange={(checked) => onChange({ [key]: checked })}
    />
  );
  const numberValue = (key: string) =>
    typeof settings[key] === 'number' ? String(settings[key]) : '';

  return (
    <fieldset className="settings-group" disabled={disabled}>
      <div className="field-grid">
        <SelectField
          label={t.currency}
          value={settings.currency === 'USD' ? 'USD' : 'GTQ'}
          error={error('currency')}
          options={CURRENCIES.map((currency) => ({
            value: currency,
            label: t.currencies[currency],
          }))}
          onChange={(event) => onChange({ currency: event.target.value })}
        />
        <TextField
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          label={t.maxTickets}
          value={numberValue('max_ticket_quantity')}
          error={error('max_ticket_quantity')}
          onChange={(event) => onChange(numberPatch('max_ticket_quantity', event.target.value))}
        />
        <TextField
          type="number"
          inputMode="decimal"
          min={0.5}
          max={720}
          step={0.5}
          label={t.duration}
          value={numberValue('duration')}
          error={error('duration')}
          onChange={(event) => onChange(numberPatch('duration', event.target.value))}
        />
        <TextField
          label={t.quickbuy}
          inputMode="url"
          spellCheck={false}
          autoCapitalize="none"
          value={typeof settings.quickbuy_link === 'string' ? settings.quickbuy_link : ''}
          error={error('quickbuy_link')}
          onChange={(event) =>
            onChange({
              quickbuy_link: event.target.value.trim() === '' ? null : event.target.value,
            })
          }
        />
      </div>
      <div className="field-grid">
        {check('single_ticket', t.singleTicket)}
        {check('has_map', t.hasMap)}
        {check('has_promo_code', t.hasPromoCode)}
        {check('vod', t.vod)}
      </div>
    </fieldset>
  );
}
