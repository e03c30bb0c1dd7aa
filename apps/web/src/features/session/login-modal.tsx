import { Suspense, lazy, useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { ModalDialog } from '../../components/modal/modal-dialog';
import { es } from '../../i18n/es';

/**
 * The panel's forms arrive the first time the modal opens: every page has the modal, few
 * visits open it, and they are not worth a first view's bytes (decision 0070).
 */
const LoginPanel = lazy(async () => ({ default: (await import('./login-panel')).LoginPanel }));

type LoginModalProps = { isOpen: boolean; onClose: () => void };

/**
 * The login panel in a modal titled "Ingresa a tu cuenta" (002 §2.3, §2.8): the person
 * logs in or signs up without leaving the page. Following a link inside it (forgot
 * password) closes it.
 */
export function LoginModal({ isOpen, onClose }: LoginModalProps) {
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);

  useEffect(() => {
    if (isOpen && pathname !== openedAt.current) onClose();
  }, [isOpen, pathname, onClose]);

  return (
    <ModalDialog
      isOpen={isOpen}
      title={es.login.modalTitle}
      closeLabel={es.login.closeModal}
      onClose={onClose}
      onOpen={() => {
        openedAt.current = pathname;
      }}
    >
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {isOpen && (
        <Suspense fallback={<LoadingSkeleton label={es.status.loadingPage} />}>
          <LoginPanel onDone={onClose} />
        </Suspense>
      )}
    </ModalDialog>
  );
}
