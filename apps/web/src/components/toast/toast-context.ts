import { createContext, useContext } from 'react';

export type ToastKind = 'info' | 'success' | 'error';

/** Info and success toasts last 5 seconds, errors 8 (002 §8, 000 §8). */
export const TOAST_DURATION_MS: Readonly<Record<ToastKind, number>> = {
  info: 5_000,
  success: 5_000,
  error: 8_000,
};

export type Toaster = {
  info: (message: string) => void;
  success: (message: string) => void;
  error: (message: string) => void;
};

export const ToastContext = createContext<Toaster | null>(null);

/** Shows a passing message; needs a ToastProvider above (the app shell has one). */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast needs a <ToastProvider> above it');
  return toaster;
}
