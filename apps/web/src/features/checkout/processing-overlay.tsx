import { checkoutTexts } from './checkout.texts';

/** Covers the page while the payment is on its way (000 §4: the processing overlay). */
export function ProcessingOverlay() {
  return (
    <div className="processing-overlay" role="status" aria-live="assertive">
      <div className="processing-overlay__box">
        <span className="processing-overlay__spinner" aria-hidden="true" />
        <p className="processing-overlay__text">{checkoutTexts.processing}</p>
        <p className="processing-overlay__hint">{checkoutTexts.processingHint}</p>
      </div>
    </div>
  );
}
