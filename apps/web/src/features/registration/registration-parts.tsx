import { FormAlert } from '../../components/form/form-alert';
import { BuyerFields } from '../../order-form/buyer-fields';
import { CustomFields } from '../../order-form/custom-fields';
import type { CustomField } from '../../order-form/custom-fields';
import { ProcessingOverlay } from '../../order-form/processing-overlay';
import { esRegistration } from './es-registration';
import { REGISTRATION_REQUIRED } from './registration-rules';
import type { RegistrationMissing } from './registration-rules';
import type { Registration } from './use-registration';

const t = esRegistration;

/** The buyer's data (000 §3; zip and NIT optional here) and the show's questions. */
export function RegistrationDetails({
  registration,
  customFields,
}: {
  registration: Registration;
  customFields: readonly CustomField[];
}) {
  const { buyer, customValues, setCustomValue, failure } = registration;
  return (
    <>
      <BuyerFields
        form={buyer.form}
        onChange={buyer.change}
        required={REGISTRATION_REQUIRED}
        errors={failure?.fields}
        saveInfo={
          buyer.isSignedIn ? { checked: buyer.saveInfo, onChange: buyer.setSaveInfo } : undefined
        }
      />
      <CustomFields fields={customFields} values={customValues} onChange={setCustomValue} />
    </>
  );
}

/** The failure, "Completar Registro" (outside the form, by its id) and what is missing. */
export function RegistrationSubmit({
  formId,
  registration,
  missing,
}: {
  formId: string;
  registration: Registration;
  missing: readonly RegistrationMissing[];
}) {
  const { failure, isPlacing } = registration;
  return (
    <>
      {failure && (
        <FormAlert>
          <p>{failure.message}</p>
        </FormAlert>
      )}
      <button
        type="submit"
        form={formId}
        className="button button--primary button--large form__submit"
        disabled={missing.length > 0 || isPlacing}
      >
        {t.submit}
      </button>
      {missing.length > 0 && (
        <p className="order-form__submit-note">
          {t.missing.intro} {missing.map((key) => t.missing[key]).join(', ')}.
        </p>
      )}
      {isPlacing && <ProcessingOverlay label={t.processing} />}
    </>
  );
}
