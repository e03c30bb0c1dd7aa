import { useId, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { landingEntry } from '@taquilla/domain';
import type { ShowStatus } from '@taquilla/contract';

type WatchLinkProps = {
  to: string;
  status: ShowStatus;
  /** An activated ticket, or a show that needs none. */
  hasAccess: boolean;
  /** Inside the console's preview the link never leaves the page. */
  preview?: boolean;
  className?: string;
  children: ReactNode;
};

/**
 * A landing's watch link (002 §4): it enters only when `landingEntry` says so; too early,
 * or without a ticket, it stays and says why (the alerts of 002 §8).
 */
export function WatchLink({
  to,
  status,
  hasAccess,
  preview = false,
  className,
  children,
}: WatchLinkProps) {
  const [alert, setAlert] = useState<string | null>(null);
  const alertId = useId();

  function enter(event: MouseEvent<HTMLAnchorElement>) {
    const entry = landingEntry({ status, hasAccess });
    if (entry.kind === 'alert') {
      event.preventDefault();
      setAlert(entry.message);
      return;
    }
    setAlert(null);
    if (preview) event.preventDefault();
  }

  return (
    <div className="event-watch">
      <Link
        to={to}
        className={className ?? 'button button--primary button--large'}
        onClick={enter}
        aria-describedby={alert ? alertId : undefined}
      >
        {children}
      </Link>
      {alert && (
        <p id={alertId} className="notice notice--warning event-watch__alert" role="alert">
          {alert}
        </p>
      )}
    </div>
  );
}
