import { CustomFieldInputs, initialCustomValues } from '../../../order-form/custom-fields';
import type { CustomFieldSetting } from './custom-fields.rules';
import { settingsTexts } from './settings.texts';

const t = settingsTexts.registration;

/**
 * The questions drawn by the buyer's own inputs (the ones checkout, deposit and
 * registration use), switched off: what the buyer will see, not a form to fill. A
 * question whose key repeats an earlier one is left out, as the buyer's form would
 * answer both in one place.
 */
export function CustomFieldsPreview({ fields }: { fields: readonly CustomFieldSetting[] }) {
  const shown = fields
    .filter((field, index) => fields.findIndex((other) => other.key === field.key) === index)
    .map((field) => ({ ...field, label: field.label.trim() || t.noLabel }));
  return (
    <fieldset className="settings-preview" disabled>
      <legend className="settings-preview__legend">{t.preview}</legend>
      {shown.length === 0 ? (
        <p className="settings-group__note">{t.previewEmpty}</p>
      ) : (
        <CustomFieldInputs
          fields={shown}
          values={initialCustomValues(shown)}
          onChange={() => undefined}
        />
      )}
    </fieldset>
  );
}
