import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import './modal-dialog.css';

type ModalDialogProps = {
  isOpen: boolean;
  title: string;
  /** The × button's name ("Cerrar"). */
  closeLabel: string;
  /** Escape or × closed it; the owner sets `isOpen` to false. */
  onClose: () => void;
  /** The modal's own size and spacing (`login-modal`, `three-ds-modal`). */
  className?: string;
  /** The id of the text that describes the modal, read when it opens. */
  describedBy?: string;
  /** Called once each time it opens, to move focus where the person will type first. */
  onOpen?: (dialog: HTMLDialogElement) => void;
  children: ReactNode;
};

/**
 * A titled modal with its × (the login, the code activation, the bank's 3-D Secure page). A
 * native <dialog> keeps focus inside, closes on Escape and gives focus back where it was.
 */
export function ModalDialog({
  isOpen,
  title,
  closeLabel,
  onClose,
  className,
  describedBy,
  onOpen,
  children,
}: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const openCallback = useRef(onOpen);

  useEffect(() => {
    openCallback.current = onOpen;
  });

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) {
      element.showModal();
      openCallback.current?.(element);
    }
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  return (
    <dialog
      ref={dialog}
      className={['modal-dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
    >
      <div className="modal-dialog__header">
        <h2 className="modal-dialog__title" id={titleId}>
          {title}
        </h2>
        <button
          type="button"
          className="modal-dialog__close"
          aria-label={closeLabel}
          onClick={onClose}
        >
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}
