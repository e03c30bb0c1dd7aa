import { CustomFieldInputs } from '../../order-form/custom-fields';
import type { CustomField } from '../../order-form/custom-fields';
import { esOrderForm } from '../../order-form/es-order-form';
import type { CheckoutFormControls } from './use-checkout-form';

/**
 * The questions the cart's shows add (settings.custom_fields.fields[]) in the checkout's
 * card; the required ones must be answered before paying (000 §5).
 */
export function CustomFields({
  fields,
  form,
}: {
  fields: readonly CustomField[];
  form: CheckoutFormControls;
}) {
  if (fields.length === 0) return null;
  return (
    <fieldset className="checkout-fieldset card">
      <legend className="checkout-fieldset__legend">{esOrderForm.customFields.title}</legend>
      <CustomFieldInputs
        fields={fields}
        values={form.values.customFields}
        onChange={form.changeCustom}
        errorOf={(key) => form.errorOf(`custom.${key}`)}
        onBlur={(key) => form.blur(`custom.${key}`)}
      />
    </fieldset>
  );
}
