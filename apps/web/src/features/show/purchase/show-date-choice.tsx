import { useId } from 'react';
import type { Show } from '@taquilla/contract';
import { LoadError } from '../../../components/load-error';
import { formatShowDate } from '../../../components/shows/show-presentation';
import { es } from '../../../i18n/es';
import { useShowDates } from '../api/use-show-dates';

type ShowDateChoiceProps = {
  show: Show;
  value: string | null;
  onChange: (dateId: string) => void;
};

/** The función selector: the show's current child dates, labelled by their date in Spanish. */
export function ShowDateChoice({ show, value, onChange }: ShowDateChoiceProps) {
  const dates = useShowDates(show._id);
  const name = useId();

  return (
    <fieldset className="choice">
      <legend className="choice__legend">{es.purchase.dates.legend}</legend>
      {dates.status === 'loading' && <p className="choice__hint">{es.status.loading}</p>}
      {dates.status === 'error' && (
        <LoadError message={dates.error.message} onRetry={dates.retry} />
      )}
      {dates.status === 'success' &&
        (dates.data.items.length === 0 ? (
          <p className="notice">{es.purchase.dates.none}</p>
        ) : (
          <>
            <div className="choice__options choice__options--dates">
              {dates.data.items.map((date) => (
                <label key={date._id} className="choice__option">
                  <input
                    type="radio"
                    name={name}
                    value={date._id}
                    checked={value === date._id}
                    onChange={() => onChange(date._id)}
                  />
                  <span className="choice__date">{formatShowDate(date, 'option')}</span>
                </label>
              ))}
            </div>
            {value === null && <p className="choice__hint">{es.purchase.dates.hint}</p>}
          </>
        ))}
    </fieldset>
  );
}
