import { isZipRequired } from '@taquilla/domain';
import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import { needsNit } from './checkout-form';
import type { CheckoutRules } from './checkout-form';
import { checkoutTexts } from './checkout.texts';
import { checkoutCountryOptions } from './country-options';
import type { CheckoutFormControls } from './use-checkout-form';

const t = checkoutTexts.buyer;

type BuyerFieldsProps = {
  form: CheckoutFormControls;
  rules: CheckoutRules;
  /** A guest's data is not saved (000 §6): no checkbox. */
  isGuest: boolean;
};

/** 000 §3 Buyer form fields: who pays and where the tickets are sent. */
export function BuyerFields({ form, rules, isGuest }: BuyerFieldsProps) {
  const { values, errorOf, change, blur } = form;
  const text = (field: Parameters<typeof change>[0]) => ({
    value: values[field],
    error: errorOf(field),
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: () => blur(field),
  });

  return (
    <fieldset className="checkout-fieldset card">
      <legend className="checkout-fieldset__legend">{t.legend}</legend>
      <div className="checkout-grid">
        <TextField label={t.firstname} autoComplete="given-name" required {...text('firstname')} />
        <TextField label={t.lastname} autoComplete="family-name" required {...text('lastname')} />
        <TextField
          label={t.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          hint={t.emailHint}
          {...text('email')}
        />
        <TextField
          label={t.emailConfirm}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...text('emailConfirm')}
        />
        <TextField label={t.phone} type="tel" autoComplete="tel" required {...text('phone')} />
        <SelectField
          label={t.country}
          autoComplete="country"
          options={checkoutCountryOptions()}
          required
          {...text('country')}
        />
        <div className="checkout-grid__wide">
          <TextField
            label={t.address}
            autoComplete="street-address"
            required
            {...text('address')}
          />
        </div>
        <TextField label={t.city} autoComplete="address-level2" required {...text('city')} />
        <TextField label={t.state} autoComplete="address-level1" required {...text('state')} />
        <TextField
          label={t.zip}
          autoComplete="postal-code"
          required={isZipRequired(values.country)}
          {...text('zip')}
        />
        <TextField
          label={t.nit}
          required={needsNit(values, rules)}
          hint={t.nitHint}
          spellCheck={false}
          {...text('nit')}
        />
      </div>
      {!isGuest && (
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={values.saveInfo}
            onChange={(event) => form.setSaveInfo(event.target.checked)}
          />
          <span>{t.saveInfo}</span>
        </label>
      )}
    </fieldset>
  );
}
