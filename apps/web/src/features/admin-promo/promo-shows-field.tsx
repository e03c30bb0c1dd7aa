import { useId } from 'react';
import { adminEndpoints } from '@taquilla/contract/plain';
import { useApiQuery } from '../../api/use-api-query';
import { LoadError } from '../../components/load-error';
import { adminPromoTexts as t } from './admin-promo.texts';

/**
 * The shows a code applies to: a checkbox per top-level show of the code's producer (a
 * show covers its dates); none checked means every show. An admin's list waits for the
 * producer to be chosen. `error` is the server's or the schema's word on `show_uids`.
 */
export function PromoShowsField({
  producer,
  isAdmin,
  value,
  onChange,
  error,
}: {
  producer: string;
  isAdmin: boolean;
  value: string[];
  onChange: (ids: string[]) => void;
  error: string | null;
}) {
  const hintId = useId();
  const errorId = useId();
  const shows = useApiQuery(adminEndpoints.listShows, {
    query: { page_size: '500', ...(isAdmin && producer ? { producer } : {}) },
  });
  const waiting = isAdmin && !producer;
  const items = shows.status === 'success' && !waiting ? shows.data.items : [];
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((other) => other !== id));

  return (
    <fieldset
      className="promo-shows"
      aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
    >
      <legend>{t.editor.shows}</legend>
      <p className="promo-muted" id={hintId}>
        {t.editor.showsHint}
      </p>
      {shows.status === 'error' && (
        <LoadError message={shows.error.message} onRetry={shows.retry} />
      )}
      {shows.status === 'success' && !waiting && items.length === 0 && (
        <p className="promo-muted">{t.editor.noShows}</p>
      )}
      {items.length > 0 && (
        <ul className="promo-shows__list">
          {items.map((show) => (
            <li key={show._id}>
              <label className="promo-check">
                <input
                  type="checkbox"
                  checked={value.includes(show._id)}
                  onChange={(event) => toggle(show._id, event.target.checked)}
                />
                {show.fullname}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="promo-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
