import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { es } from '../../i18n/es';
import { TOAST_DURATION_MS, ToastContext } from './toast-context';
import type { ToastAction, ToastKind, Toaster } from './toast-context';
import './toast.css';

type Toast = { id: number; kind: ToastKind; message: string; action?: ToastAction };

/**
 * Holds the passing messages of the whole app. The two live regions stay in the page
 * even when empty, so screen readers announce what is added to them: info and success
 * politely (role=status), errors at once (role=alert).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  // The list as last set, so that showing and dismissing stay outside state updaters.
  const current = useRef<readonly Toast[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const nextId = useRef(1);

  const update = useCallback((next: readonly Toast[]) => {
    current.current = next;
    setToasts(next);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
      update(current.current.filter((toast) => toast.id !== id));
    },
    [update],
  );

  const show = useCallback(
    (kind: ToastKind, message: string, action?: ToastAction) => {
      // The same message twice (a double click, a page mounted twice) shows once, for longer.
      const existing = current.current.find(
        (toast) => toast.kind === kind && toast.message === message,
      );
      const id = existing?.id ?? nextId.current++;
      clearTimeout(timers.current.get(id));
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS[kind]),
      );
      if (!existing)
        update([...current.current, { id, kind, message, ...(action ? { action } : {}) }]);
    },
    [dismiss, update],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const toaster = useMemo<Toaster>(
    () => ({
      info: (message, action) => show('info', message, action),
      success: (message, action) => show('success', message, action),
      error: (message, action) => show('error', message, action),
    }),
    [show],
  );

  const polite = toasts.filter((toast) => toast.kind !== 'error');
  const urgent = toasts.filter((toast) => toast.kind === 'error');

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      <div className="toasts">
        <div role="status" className="toasts__region">
          {polite.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
        <div role="alert" className="toasts__region">
          {urgent.map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  return (
    <div className={`toast toast--${toast.kind}`}>
      <div className="toast__body">
        <p className="toast__message">{toast.message}</p>
        {toast.action && (
          // Inside the router (app-shell.tsx): following it closes the message.
          <Link className="toast__action" to={toast.action.to} onClick={() => onDismiss(toast.id)}>
            {toast.action.label}
          </Link>
        )}
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label={es.toast.dismiss}
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}
