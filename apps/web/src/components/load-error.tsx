import { es } from '../i18n/es';

type LoadErrorProps = { message: string; onRetry: () => void };

export function LoadError({ message, onRetry }: LoadErrorProps) {
  return (
    <div className="load-error" role="alert">
      <p className="load-error__text">
        <strong>{es.status.loadFailed}</strong> {message}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {es.status.retry}
      </button>
    </div>
  );
}
