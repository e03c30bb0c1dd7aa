import { useId } from 'react';
import { SelectField } from '../components/form/select-field';
import { TextField } from '../components/form/text-field';
import { buyerCountryOptions } from '../components/form/country-options';
import type { BuyerField, BuyerForm } from './buyer-form';
import { esOrderForm } from './es-order-form';
import './order-form.css';

const t = esOrderForm.buyer;

/** What a form may word its own way (the payment page keeps its texts). */
type BuyerWording = Partial<Record<'emailConfirm' | 'emailHint' | 'nitHint' | 'saveInfo', string>>;

type BuyerFieldsProps = {
  form: BuyerForm;
  onChange: (field: BuyerField, value: string) => void;
  /** A field was left: the form decides which messages wait for it. */
  onBlur?: (field: BuyerField) => void;
  /** The message to show under a field now, if any. */
  errorOf?: (field: BuyerField) => string | null | undefined;
  /** Fields the form cannot be sent without. */
  required: readonly BuyerField[];
  /** Fields not asked at all (zip on the deposit form, NIT when the show does not ask). */
  hidden?: readonly BuyerField[];
  /**
   * Labels the fields outside `required` "(opcional)". The payment form does not: its only
   * optional fields (zip, NIT) become required with the country.
   */
  marksOptional?: boolean;
  wording?: BuyerWording;
  /** The signed-in buyer's "save to my profile" choice (000 §6); absent for a visitor. */
  saveInfo?: { checked: boolean; onChange: (checked: boolean) => void };
};

/**
 * The buyer data fields (000 §3): names, e-mail twice, phone, country, address, city, state,
 * zip and NIT, then the "save to my profile" choice. The deposit, registration and card
 * forms each frame them and decide what is required and when a message shows.
 */
export function BuyerFields({
  form,
  onChange,
  onBlur,
  errorOf,
  required,
  hidden = [],
  marksOptional = true,
  wording = {},
  saveInfo,
}: BuyerFieldsProps) {
  const isShown = (field: BuyerField) => !hidden.includes(field);
  const field = (name: BuyerField, text: string) => ({
    label: marksOptional && !required.includes(name) ? t.optional(text) : text,
    value: form[name],
    required: required.includes(name),
    error: errorOf?.(name) ?? null,
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    onBlur: () => onBlur?.(name),
  });

  return (
    <>
      <div className="field-grid">
        <TextField autoComplete="given-name" {...field('firstname', t.firstname)} />
        <TextField autoComplete="family-name" {...field('lastname', t.lastname)} />
        <TextField
          type="email"
          inputMode="email"
          autoComplete="email"
          hint={wording.emailHint}
          {...field('email', t.email)}
        />
        <TextField
          type="email"
          inputMode="email"
          autoComplete="email"
          {...field('emailConfirm', wording.emailConfirm ?? t.emailConfirm)}
        />
        {isShown('phone') && (
          <TextField type="tel" autoComplete="tel" {...field('phone', t.phone)} />
        )}
        <SelectField
          autoComplete="country"
          options={buyerCountryOptions()}
          {...field('country', t.country)}
        />
        {isShown('address') && (
          <div className="field-grid__wide">
            <TextField autoComplete="street-address" {...field('address', t.address)} />
          </div>
        )}
        {isShown('city') && <TextField autoComplete="address-level2" {...field('city', t.city)} />}
        {isShown('state') && (
          <TextField autoComplete="address-level1" {...field('state', t.state)} />
        )}
        {isShown('zip') && <TextField autoComplete="postal-code" {...field('zip', t.zip)} />}
        {isShown('nit') && (
          <TextField
            autoCapitalize="characters"
            spellCheck={false}
            hint={wording.nitHint ?? t.nitHint}
            {...field('nit', t.nit)}
          />
        )}
      </div>
      {saveInfo && (
        <label className="check-field">
          <input
            type="checkbox"
            checked={saveInfo.checked}
            onChange={(event) => saveInfo.onChange(event.target.checked)}
          />
          <span>{wording.saveInfo ?? t.saveInfo}</span>
        </label>
      )}
    </>
  );
}

/** The buyer fields as a section of the deposit and registration forms, titled "Tus datos". */
export function BuyerSection(props: BuyerFieldsProps) {
  const titleId = useId();
  return (
    <section className="order-form__section" aria-labelledby={titleId}>
      <h3 className="order-form__section-title" id={titleId}>
        {t.title}
      </h3>
      <BuyerFields {...props} />
    </section>
  );
}
