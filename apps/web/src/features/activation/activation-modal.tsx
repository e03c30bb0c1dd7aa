import { ModalDialog } from '../../components/modal/modal-dialog';
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
 * session, "Ya tengo usuario" / "Crear usuario".
 */
export function ActivationModal({
  isOpen,
  onClose,
  initialCode,
  onActivated,
}: ActivationModalProps) {
  return (
    <ModalDialog
      isOpen={isOpen}
      title={esActivation.modalTitle}
      closeLabel={esActivation.close}
      onClose={onClose}
      className="activation-modal"
      // The code is what the person came to type, not the close button the dialog would focus.
      onOpen={(dialog) => dialog.querySelector<HTMLInputElement>('.activation__code')?.focus()}
    >
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
    </ModalDialog>
  );
}
