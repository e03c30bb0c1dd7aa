import { useState } from 'react';
import type { ReactNode } from 'react';
import { ModalDialog } from '../modal/modal-dialog';
import { consoleTexts } from './console-texts';

/**
 * Every destructive console action asks first: what will happen, then the action's own
 * verb on a red button ("Cancelar evento"), or "Volver". `children` may hold an input the
 * action needs (a reason); `canConfirm` keeps the button off until it is filled.
 * `onConfirm` may be async: the button says "Procesando…" until it settles, and the
 * owner closes the dialog when it succeeded.
 */
export function ConfirmDialog({
  isOpen,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  canConfirm = true,
  error,
  children,
}: {
  isOpen: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void | Promise<void>;
  onClose: () => void;
  canConfirm?: boolean;
  /** The server's refusal, shown inside the dialog. */
  error?: string | null;
  children?: ReactNode;
}) {
  const [isBusy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <ModalDialog
      isOpen={isOpen}
      title={title}
      closeLabel={consoleTexts.confirm.close}
      onClose={onClose}
      className="confirm-dialog"
    >
      <div className="confirm-dialog__body">
        <div className="confirm-dialog__message">{message}</div>
        {children}
        {error && (
          <p className="confirm-dialog__error" role="alert">
            {error}
          </p>
        )}
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {consoleTexts.confirm.cancel}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={!canConfirm || isBusy}
            onClick={() => void confirm()}
          >
            {isBusy ? consoleTexts.confirm.busy : confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
