import { useId } from 'react';
import type { ShowSettings } from '@taquilla/contract';
import { SelectField } from '../components/form/select-field';
import { TextField } from '../components/form/text-field';
import { esOrderForm } from './es-order-form';

const t = esOrderForm;

export type CustomField = NonNullable<ShowSettings['custom_fields']>['fields'][number];
export type CustomValues = Readonly<Record<string, string>>;

/** The show's extra questions (000 §3 settings.custom_fields). */
export function customFieldsOf(settings: ShowSettings): CustomField[] {
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

type CustomFieldsProps = {
  fields: readonly CustomField[];
  values: CustomValues;
  onChange: (key: string, value: string) => void;
};

/** Text or option questions; a question that is not required says "(opcional)". */
export function CustomFields({ fields, values, onChange }: CustomFieldsProps) {
  const titleId = useId();
  if (fields.length === 0) return null;
  return (
    <section className="order-form__section" aria-labelledby={titleId}>
      <h3 className="order-form__section-title" id={titleId}>
        {t.customFields.title}
      </h3>
      <div className="field-grid">
        {fields.map((field) => {
          const label = field.required ? field.label : t.buyer.optional(field.label);
          const value = values[field.key] ?? '';
          if (field.type === 'option') {
            const choose =
              field.required && value !== '' ? [] : [{ value: '', label: t.customFields.choose }];
            return (
              <SelectField
                key={field.key}
                label={label}
                required={field.required}
                value={value}
                options={[
                  ...choose,
                  ...field.options.map((o) => ({ value: o.key, label: o.value })),
                ]}
                onChange={(event) => onChange(field.key, event.target.value)}
              />
            );
          }
          return (
            <TextField
              key={field.key}
              label={label}
              required={field.required}
              value={value}
              maxLength={500}
              onChange={(event) => onChange(field.key, event.target.value)}
            />
          );
        })}
      </div>
    </section>
  );
}
