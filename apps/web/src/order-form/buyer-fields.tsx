import { useId, useState } from 'react';
import { NIT_INVALID_MESSAGE, isValidNit } from '@taquilla/domain';
import { SelectField } from '../components/form/select-field';
import { TextField } from '../components/form/text-field';
import { isEmailConfirmWrong } from './buyer-form';
import type { BuyerField, BuyerForm } from './buyer-form';
import { buyerCountryOptions } from './country-options';
import { esOrderForm } from './es-order-form';
import './order-form.css';

const t = esOrderForm.buyer;

type BuyerFieldsProps = {
  form: BuyerForm;
  onChange: (field: BuyerField, value: string) => void;
  /** Fields the form cannot be sent without; the others are labelled "(opcional)". */
  required: readonly BuyerField[];
  /** Fields not asked at all (zip on the deposit form, NIT when the show does not ask). */
  hidden?: readonly BuyerField[];
  /** The server's messages by field, after a refused order. */
  errors?: Readonly<Partial<Record<BuyerField, string>>>;
  /** The signed-in buyer's "save to my profile" choice (000 §6); absent for a visitor. */
  saveInfo?: { checked: boolean; onChange: (checked: boolean) => void };
};

/**
 * The buyer data form (000 §3): names, e-mail twice, phone, address, city, state, country,
 * zip and NIT. The NIT is checked when the buyer leaves it (000 §5 NIT check).
 */
export function BuyerFields({
  form,
  onChange,
  required,
  hidden = [],
  errors = {},
  saveInfo,
}: BuyerFieldsProps) {
  const titleId = useId();
  const [isNitChecked, setIsNitChecked] = useState(false);
  const isShown = (field: BuyerField) => !hidden.includes(field);
  const label = (field: BuyerField, text: string) =>
    required.includes(field) ? text : t.optional(text);
  const nitError =
    isNitChecked && form.nit.trim() !== '' && !isValidNit(form.nit) ? NIT_INVALID_MESSAGE : null;
  const text = (field: BuyerField) => ({
    value: form[field],
    required: required.includes(field),
    error: errors[field] ?? null,
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });

  return (
    <section className="order-form__section" aria-labelledby={titleId}>
      <h3 className="order-form__section-title" id={titleId}>
        {t.title}
      </h3>
      <div className="buyer-fields">
        <TextField
          label={label('firstname', t.firstname)}
          autoComplete="given-name"
          {...text('firstname')}
        />
        <TextField
          label={label('lastname', t.lastname)}
          autoComplete="family-name"
          {...text('lastname')}
        />
        <TextField
          label={label('email', t.email)}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...text('email')}
        />
        <TextField
          label={label('emailConfirm', t.emailConfirm)}
          type="email"
          inputMode="email"
          autoComplete="email"
          {...text('emailConfirm')}
          error={isEmailConfirmWrong(form) ? t.emailMismatch : null}
        />
        {isShown('phone') && (
          <TextField
            label={label('phone', t.phone)}
            type="tel"
            autoComplete="tel"
            {...text('phone')}
          />
        )}
        <SelectField
          label={label('country', t.country)}
          autoComplete="country"
          options={buyerCountryOptions()}
          value={form.country}
          required
          error={errors.country ?? null}
          onChange={(event) => onChange('country', event.target.value)}
        />
        {isShown('address') && (
          <div className="buyer-fields__wide">
            <TextField
              label={label('address', t.address)}
              autoComplete="street-address"
              {...text('address')}
            />
          </div>
        )}
        {isShown('city') && (
          <TextField
            label={label('city', t.city)}
            autoComplete="address-level2"
            {...text('city')}
          />
        )}
        {isShown('state') && (
          <TextField
            label={label('state', t.state)}
            autoComplete="address-level1"
            {...text('state')}
          />
        )}
        {isShown('zip') && (
          <TextField
            label={label('zip', t.zip)}
            autoComplete="postal-code"
            inputMode="numeric"
            {...text('zip')}
          />
        )}
        {isShown('nit') && (
          <TextField
            label={label('nit', t.nit)}
            autoCapitalize="characters"
            hint={t.nitHint}
            {...text('nit')}
            error={nitError ?? errors.nit ?? null}
            onChange={(event) => {
              setIsNitChecked(false);
              onChange('nit', event.target.value);
            }}
            onBlur={() => setIsNitChecked(true)}
          />
        )}
      </div>
      {saveInfo && (
        <label className="order-form__check">
          <input
            type="checkbox"
            checked={saveInfo.checked}
            onChange={(event) => saveInfo.onChange(event.target.checked)}
          />
          <span>{t.saveInfo}</span>
        </label>
      )}
    </section>
  );
}
