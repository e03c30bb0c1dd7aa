import { useEffect, useId, useRef } from 'react';
import { ModalDialog } from '../../components/modal/modal-dialog';
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
 * "Verificación 3-D Secure" (000 §4): the bank's page in a frame, in a modal (focus stays
 * inside, Escape closes it). The result does not come from the frame but from the cart's
 * realtime channel, which the payment listens to already.
 */
export function ThreeDsModal({ url, isOpen, onHide, onAnswered }: ThreeDsModalProps) {
  const introId = useId();
  const loads = useRef(0);

  useEffect(() => {
    loads.current = 0;
  }, [url]);

  return (
    <ModalDialog
      isOpen={isOpen}
      title={t.title}
      closeLabel={t.close}
      onClose={onHide}
      className="three-ds-modal"
      describedBy={introId}
    >
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
    </ModalDialog>
  );
}
