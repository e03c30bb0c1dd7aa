import { createPortal } from 'react-dom';
import './processing-overlay.css';

/**
 * 000 §4: a processing overlay covers the page while the order is placed (a card payment,
 * a deposit, a registration), so nothing can be changed or sent twice; it goes away on a
 * failure. It is drawn on the body, so no sticky or positioned parent (the forms' asides)
 * can keep it under the page's header.
 */
export function ProcessingOverlay({ label, hint }: { label: string; hint?: string }) {
  return createPortal(
    <div className="processing-overlay" role="status" aria-live="assertive">
      <div className="processing-overlay__box">
        <span className="processing-overlay__spinner" aria-hidden="true" />
        <p className="processing-overlay__label">{label}</p>
        {hint && <p className="processing-overlay__hint">{hint}</p>}
      </div>
    </div>,
    document.body,
  );
}
