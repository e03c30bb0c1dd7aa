/**
 * 000 §4 Deposit/registration submit: a processing overlay covers the page while the order
 * is placed, so nothing can be changed or sent twice; it goes away on a failure.
 */
export function ProcessingOverlay({ label }: { label: string }) {
  return (
    <div className="processing-overlay" role="status" aria-live="assertive">
      <span className="processing-overlay__spinner" aria-hidden="true" />
      <p className="processing-overlay__label">{label}</p>
    </div>
  );
}
