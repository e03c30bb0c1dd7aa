import { useId } from 'react';
import { adminEndpoints } from '@taquilla/contract/plain';
import type { AdminShow } from '@taquilla/contract';
import { useApiQuery } from '../../../api/use-api-query';
import { LoadError } from '../../../components/load-error';
import { FEATURED_LIMIT } from './landing.rules';
import { landingTexts } from './landing.texts';

const t = landingTexts.featured;

/**
 * The producer page's pinned shows (`landing.featured`, up to 6): a checkbox per
 * top-level show of the show's producer, as the promo code's show picker does. They
 * are pinned in the order they are checked; once 6 are, the others wait.
 */
export function LandingFeatured({
  show,
  value,
  onChange,
  error,
}: {
  show: AdminShow;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  const hintId = useId();
  const errorId = useId();
  const shows = useApiQuery(adminEndpoints.listShows, {
    query: { producer: show.producer, page_size: '500' },
  });
  const items =
    shows.status === 'success'
      ? shows.data.items.filter((other) => other._id !== show._id && !other.parent_show_uid)
      : [];
  const isFull = value.length >= FEATURED_LIMIT;
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...value, id] : value.filter((other) => other !== id));

  return (
    <fieldset
      className="settings-options"
      aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
    >
      <legend className="settings-options__legend">{t.legend}</legend>
      <p className="settings-group__note" id={hintId}>
        {t.hint}
        {isFull && ` ${t.full}`}
      </p>
      {shows.status === 'error' && (
        <LoadError message={shows.error.message} onRetry={shows.retry} />
      )}
      {shows.status === 'success' && items.length === 0 && (
        <p className="settings-group__note">{t.none}</p>
      )}
      {items.length > 0 && (
        <ul className="landing-editor__featured">
          {items.map((other) => {
            const checked = value.includes(other._id);
            return (
              <li key={other._id}>
                <label className="check-field">
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && isFull}
                    onChange={(event) => toggle(other._id, event.target.checked)}
                  />
                  <span>{other.fullname}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
