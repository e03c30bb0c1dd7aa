import { createContext, useContext } from 'react';

export type ToastKind = 'info' | 'success' | 'error';

/** Info and success toasts last 5 seconds, errors 8 (002 §8, 000 §8). */
export const TOAST_DURATION_MS: Readonly<Record<ToastKind, number>> = {
  info: 5_000,
  success: 5_000,
  error: 8_000,
};

/** A way out of what the message says, as a link inside it ("Ir al carrito" → /cart). */
export type ToastAction = { label: string; to: string };

export type Toaster = {
  info: (message: string, action?: ToastAction) => void;
  success: (message: string, action?: ToastAction) => void;
  error: (message: string, action?: ToastAction) => void;
};

export const ToastContext = createContext<Toaster | null>(null);

/** Shows a passing message; needs a ToastProvider above (the app shell has one). */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast needs a <ToastProvider> above it');
  return toaster;
}
