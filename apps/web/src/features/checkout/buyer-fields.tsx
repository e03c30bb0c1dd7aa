import { BuyerFields } from '../../order-form/buyer-fields';
import { cardBuyerRequired } from './checkout-form';
import type { CheckoutRules } from './checkout-form';
import { checkoutTexts } from './checkout.texts';
import type { CheckoutFormControls } from './use-checkout-form';

type BuyerFieldsetProps = {
  form: CheckoutFormControls;
  rules: CheckoutRules;
  /** A guest's data is not saved (000 §6): no checkbox. */
  isGuest: boolean;
};

/** 000 §3 Buyer form fields: who pays and where the tickets are sent. */
export function BuyerFieldset({ form, rules, isGuest }: BuyerFieldsetProps) {
  const { values } = form;
  return (
    <fieldset className="checkout-fieldset card">
      <legend className="checkout-fieldset__legend">{checkoutTexts.buyer.legend}</legend>
      <BuyerFields
        form={values}
        onChange={form.change}
        onBlur={form.blur}
        errorOf={form.errorOf}
        required={cardBuyerRequired(values, rules)}
        marksOptional={false}
        wording={checkoutTexts.buyer}
        saveInfo={isGuest ? undefined : { checked: values.saveInfo, onChange: form.setSaveInfo }}
      />
    </fieldset>
  );
}
