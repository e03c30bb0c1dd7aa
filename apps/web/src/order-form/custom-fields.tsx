import { useId } from 'react';
import type { PublicShowSettings } from '@taquilla/contract';
import { SelectField } from '../components/form/select-field';
import { TextField } from '../components/form/text-field';
import { esOrderForm } from './es-order-form';

const t = esOrderForm;

export type CustomField = NonNullable<PublicShowSettings['custom_fields']>['fields'][number];
export type CustomValues = Readonly<Record<string, string>>;

/** The show's extra questions (000 §3 settings.custom_fields). */
export function customFieldsOf(settings: PublicShowSettings): CustomField[] {
  return settings.custom_fields?.fields ?? [];
}

/** Each field starts at its default (an option list at its default option or the first). */
export function initialCustomValues(fields: readonly CustomField[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const fallback = field.type === 'option' && field.required ? field.options[0]?.key : '';
    values[field.key] = field.default ?? fallback ?? '';
  }
  return values;
}

/** 000 §5: every required custom field is non-empty. */
export function areRequiredCustomFieldsFilled(
  fields: readonly CustomField[],
  values: CustomValues,
): boolean {
  return fields.every((field) => !field.required || (values[field.key] ?? '').trim() !== '');
}

/** `payment_info.custom_fields`: the answered fields only, trimmed. */
export function customFieldsPaymentInfo(
  fields: readonly CustomField[],
  values: CustomValues,
): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.key] ?? '').trim();
    if (value !== '') answers[field.key] = value;
  }
  return answers;
}

type CustomFieldInputsProps = {
  fields: readonly CustomField[];
  values: CustomValues;
  onChange: (key: string, value: string) => void;
  /** The checkout's field messages and touched state; the quick-buy forms have none. */
  errorOf?: (key: string) => string | undefined;
  onBlur?: (key: string) => void;
};

/**
 * The inputs of the show's questions, one per field: a text (at most 500 characters)
 * or a choice; a question that is not required says "(opcional)". Every form that asks
 * them (checkout, deposit, registration) draws them here.
 */
export function CustomFieldInputs({
  fields,
  values,
  onChange,
  errorOf,
  onBlur,
}: CustomFieldInputsProps) {
  return (
    <div className="field-grid">
      {fields.map((field) => {
        const value = values[field.key] ?? '';
        const common = {
          label: field.required ? field.label : t.buyer.optional(field.label),
          required: field.required,
          value,
          error: errorOf?.(field.key),
          onChange: (event: { target: { value: string } }) =>
            onChange(field.key, event.target.value),
          ...(onBlur ? { onBlur: () => onBlur(field.key) } : {}),
        };
        if (field.type === 'option') {
          const choose =
            field.required && value !== '' ? [] : [{ value: '', label: t.customFields.choose }];
          const options = [
            ...choose,
            ...field.options.map((o) => ({ value: o.key, label: o.value })),
          ];
          return <SelectField key={field.key} options={options} {...common} />;
        }
        return <TextField key={field.key} maxLength={500} {...common} />;
      })}
    </div>
  );
}

/** The quick-buy forms' section of the show's questions (000 §3 settings.custom_fields). */
export function CustomFields(props: Omit<CustomFieldInputsProps, 'errorOf' | 'onBlur'>) {
  const titleId = useId();
  if (props.fields.length === 0) return null;
  return (
    <section className="order-form__section" aria-labelledby={titleId}>
      <h3 className="order-form__section-title" id={titleId}>
        {t.customFields.title}
      </h3>
      <CustomFieldInputs {...props} />
    </section>
  );
}
