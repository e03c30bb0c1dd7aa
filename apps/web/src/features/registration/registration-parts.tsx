import { BuyerSection } from '../../order-form/buyer-fields';
import { CustomFields } from '../../order-form/custom-fields';
import type { CustomField } from '../../order-form/custom-fields';
import { OrderSubmit } from '../../order-form/order-submit';
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
      <BuyerSection
        form={buyer.form}
        onChange={buyer.change}
        onBlur={buyer.blur}
        errorOf={(field) => buyer.errorOf(field, failure?.fields)}
        required={REGISTRATION_REQUIRED}
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
  return (
    <OrderSubmit
      formId={formId}
      label={t.submit}
      failure={registration.failure}
      missing={missing.map((key) => t.missing[key])}
      missingIntro={t.missing.intro}
      isPlacing={registration.isPlacing}
      processingLabel={t.processing}
    />
  );
}
