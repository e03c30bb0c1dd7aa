import { FormAlert } from '../components/form/form-alert';
import type { OrderFailure } from './order-failure';
import { ProcessingOverlay } from './processing-overlay';
import './order-form.css';

type OrderSubmitProps = {
  /** The form the button sends: it stands outside it, in the aside. */
  formId: string;
  label: string;
  failure: OrderFailure | null;
  /** What still keeps the button disabled, in words, in the form's order. */
  missing: readonly string[];
  /** "Para … falta:", said before `missing`. */
  missingIntro: string;
  isPlacing: boolean;
  /** Said on the processing overlay while the order is placed. */
  processingLabel: string;
};

/**
 * The end of a deposit or registration form (000 §5): the last failure, the submit button,
 * enabled once nothing is missing, what is still missing, and the processing overlay.
 */
export function OrderSubmit({
  formId,
  label,
  failure,
  missing,
  missingIntro,
  isPlacing,
  processingLabel,
}: OrderSubmitProps) {
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
        {label}
      </button>
      {missing.length > 0 && (
        <p className="order-form__submit-note">
          {missingIntro} {missing.join(', ')}.
        </p>
      )}
      {isPlacing && <ProcessingOverlay label={processingLabel} />}
    </>
  );
}
