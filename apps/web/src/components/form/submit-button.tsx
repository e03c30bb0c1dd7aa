import type { ReactNode } from 'react';

/** The large primary button that sends a form page; it is disabled and says so while busy. */
export function SubmitButton({
  disabled,
  isBusy,
  busyLabel,
  children,
}: {
  disabled: boolean;
  isBusy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className="button button--primary button--large form__submit"
      disabled={disabled || isBusy}
    >
      {isBusy ? busyLabel : children}
    </button>
  );
}
