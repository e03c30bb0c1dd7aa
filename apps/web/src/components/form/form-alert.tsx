import type { ReactNode } from 'react';
import './form.css';

/**
 * A form's own message (not tied to one field), announced as soon as it appears:
 * problems at once (role=alert), a success politely (role=status).
 */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'warning' | 'success';
  children: ReactNode;
}) {
  return (
    <div
      className={`form-alert form-alert--${tone}`}
      role={tone === 'success' ? 'status' : 'alert'}
    >
      {children}
    </div>
  );
}
