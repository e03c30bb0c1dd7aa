import { SelectField } from '../../components/form/select-field';
import { TextField } from '../../components/form/text-field';
import type { CustomField } from '../../order-form/custom-fields';
import { esOrderForm } from '../../order-form/es-order-form';
import type { CheckoutFormControls } from './use-checkout-form';

const t = esOrderForm.customFields;

/**
 * The questions the cart's shows add (settings.custom_fields.fields[]): a text or a
 * choice each; the required ones must be answered before paying (000 §5).
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
      <legend className="checkout-fieldset__legend">{t.title}</legend>
      <div className="field-grid">
        {fields.map((field) => {
          const name = `custom.${field.key}` as const;
          const common = {
            label: field.label,
            required: field.required,
            value: form.values.customFields[field.key] ?? '',
            error: form.errorOf(name),
            onChange: (event: { target: { value: string } }) =>
              form.changeCustom(field.key, event.target.value),
            onBlur: () => form.blur(name),
          };
          if (field.type === 'option') {
            const options = [
              { value: '', label: t.choose },
              ...field.options.map((option) => ({ value: option.key, label: option.value })),
            ];
            return <SelectField key={field.key} options={options} {...common} />;
          }
          return <TextField key={field.key} {...common} />;
        })}
      </div>
    </fieldset>
  );
}
