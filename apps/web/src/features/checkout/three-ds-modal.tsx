import { useEffect, useId, useRef } from 'react';
import { checkoutTexts } from './checkout.texts';

const t = checkoutTexts.threeDs;

type ThreeDsModalProps = {
  /** The bank's challenge page (`payment_response.redirect`). */
  url: string;
  isOpen: boolean;
  /** The buyer closed the modal (Escape or ×) without answering the bank. */
  onHide: () => void;
  /** The challenge page loaded again after its first load: the buyer answered it. */
  onAnswered: () => void;
};

/**
 * "Verificación 3-D Secure" (000 §4): the bank's page in a frame, in a native modal
 * dialog (focus stays inside, Escape closes it). The result does not come from the
 * frame but from the cart's realtime channel, which the payment listens to already.
 */
export function ThreeDsModal({ url, isOpen, onHide, onAnswered }: ThreeDsModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();
  const loads = useRef(0);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) element.showModal();
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  useEffect(() => {
    loads.current = 0;
  }, [url]);

  return (
    <dialog
      ref={dialog}
      className="three-ds-modal"
      aria-labelledby={titleId}
      aria-describedby={introId}
      onClose={onHide}
    >
      <div className="three-ds-modal__header">
        <h2 className="three-ds-modal__title" id={titleId}>
          {t.title}
        </h2>
        <button
          type="button"
          className="three-ds-modal__close"
          aria-label={t.close}
          onClick={onHide}
        >
          ×
        </button>
      </div>
      <p className="three-ds-modal__intro" id={introId}>
        {t.intro}
      </p>
      <iframe
        className="three-ds-modal__frame"
        src={url}
        title={t.frameTitle}
        referrerPolicy="no-referrer"
        onLoad={() => {
          loads.current += 1;
          if (loads.current > 1) onAnswered();
        }}
      />
      <p className="three-ds-modal__waiting" role="status">
        {t.waiting}
      </p>
    </dialog>
  );
}
