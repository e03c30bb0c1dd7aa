import { useEffect, useId, useRef } from 'react';
import { ActivationForm } from './activation-form';
import { esActivation } from './es-activation';
import './activation.css';

type ActivationModalProps = {
  isOpen: boolean;
  onClose: () => void;
  initialCode?: string;
  /** A landing page reloads itself after an activation (002 §2.8); by default the player opens. */
  onActivated?: (showId: string) => void;
};

/**
 * The "Activar Código" modal of the landing pages (002 §2.8): the code and, without a
 * session, "Ya tengo usuario" / "Crear usuario". A native <dialog> keeps focus inside,
 * closes on Escape and gives focus back where it was.
 */
export function ActivationModal({
  isOpen,
  onClose,
  initialCode,
  onActivated,
}: ActivationModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) {
      element.showModal();
      // The code is what the person came to type, not the close button the dialog would focus.
      element.querySelector<HTMLInputElement>('.activation__code')?.focus();
    }
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  return (
    <dialog ref={dialog} className="activation-modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="activation-modal__header">
        <h2 className="activation-modal__title" id={titleId}>
          {esActivation.modalTitle}
        </h2>
        <button
          type="button"
          className="activation-modal__close"
          aria-label={esActivation.close}
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <p className="activation__intro">{esActivation.intro}</p>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {isOpen && (
        <ActivationForm
          initialCode={initialCode}
          onActivated={(showId) => {
            onClose();
            onActivated?.(showId);
          }}
        />
      )}
    </dialog>
  );
}
