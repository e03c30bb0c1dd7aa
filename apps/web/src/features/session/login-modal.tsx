import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { es } from '../../i18n/es';
import { LoginPanel } from './login-panel';
import './session.css';

type LoginModalProps = { isOpen: boolean; onClose: () => void };

/**
 * The login panel in a modal titled "Ingresa a tu cuenta" (002 §2.3, §2.8): the person
 * logs in or signs up without leaving the page. A native <dialog> keeps focus inside,
 * closes on Escape and returns focus where it was. Following a link inside it (forgot
 * password) closes it.
 */
export function LoginModal({ isOpen, onClose }: LoginModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) {
      openedAt.current = pathname;
      element.showModal();
    }
    if (!isOpen && element.open) element.close();
  }, [isOpen, pathname]);

  useEffect(() => {
    if (isOpen && pathname !== openedAt.current) onClose();
  }, [isOpen, pathname, onClose]);

  return (
    <dialog ref={dialog} className="login-modal" aria-labelledby={titleId} onClose={onClose}>
      <div className="login-modal__header">
        <h2 className="login-modal__title" id={titleId}>
          {es.login.modalTitle}
        </h2>
        <button
          type="button"
          className="login-modal__close"
          aria-label={es.login.closeModal}
          onClick={onClose}
        >
          ×
        </button>
      </div>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      {isOpen && <LoginPanel onDone={onClose} />}
    </dialog>
  );
}
