import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminEndpoints } from '@taquilla/contract/plain';
import type { AdminShow } from '@taquilla/contract';
import { useApiQuery } from '../../../api/use-api-query';
import { ShowStatusTag } from '../../../components/console/show-status-tag';
import { useApiAction } from '../../../components/console/use-api-action';
import { TextField } from '../../../components/form/text-field';
import { LoadError } from '../../../components/load-error';
import { adminShowsTexts } from '../admin-shows.texts';
import { CheckField } from '../settings/settings-inputs';
import type { SettingsGroupProps } from '../settings/settings-group';
import { formatShowDate, fromZonedInput, zoneOf } from './zoned-input';

const t = adminShowsTexts.dates;

export const DATES_SETTINGS_KEYS = ['has_show_dates', 'is_show_date'] as const;

/** Up to this many dates are listed; a show with more is a season, handled by its own list. */
const DATES_SHOWN = '100';

/**
 * Dates and funciones (000 §3 `has_show_dates`, child shows with `parent_show_uid`): the
 * show's dates, each opening its own editor, and a new date made from the show itself
 * (same place, clock and producer). A date points back to its show instead.
 */
export function DatesGroup({
  show,
  settings,
  onChange,
  errors,
  disabled,
}: SettingsGroupProps & { show: AdminShow | null }) {
  if (show?.parent_show_uid) {
    return (
      <fieldset className="settings-group" disabled={disabled}>
        <CheckField
          label={t.isDate}
          checked={settings.is_show_date === true}
          error={errors['settings.is_show_date']}
          onChange={(checked) => onChange({ is_show_date: checked })}
        />
        <p>
          <Link to={`/admin/shows/${show.parent_show_uid}`}>{t.openParent}</Link>
        </p>
      </fieldset>
    );
  }
  return (
    <fieldset className="settings-group" disabled={disabled}>
      <CheckField
        label={t.hasDates}
        hint={t.hasDatesHint}
        checked={settings.has_show_dates === true}
        error={errors['settings.has_show_dates']}
        onChange={(checked) => onChange({ has_show_dates: checked })}
      />
      {show ? <ChildDates show={show} /> : <p className="settings-group__note">{t.needsSave}</p>}
    </fieldset>
  );
}

function ChildDates({ show }: { show: AdminShow }) {
  const dates = useApiQuery(adminEndpoints.listShows, {
    query: { parent: show._id, page_size: DATES_SHOWN },
  });
  const create = useApiAction(adminEndpoints.createShow);
  const [when, setWhen] = useState('');
  const [name, setName] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const zone = zoneOf(show.timezone);

  async function add() {
    const showDate = fromZonedInput(when, zone);
    setMissing(showDate === '');
    if (showDate === '') return;
    const date = await create.run({
      body: {
        fullname: name.trim() || show.fullname,
        show_date: showDate,
        venue: show.venue,
        venue_address: show.venue_address,
        timezone: show.timezone,
        country: show.country,
        type: show.type === 'ONLINE' ? 'ONLINE' : 'VENUE',
        parent_show_uid: show._id,
        producer: show.producer,
        settings: { is_show_date: true, currency: show.settings.currency },
      },
    });
    if (date) {
      setWhen('');
      setName('');
      setAdded(t.added(formatShowDate(date.show_date, zone)));
      dates.retry();
    }
  }

  return (
    <>
      {dates.status === 'error' && (
        <LoadError message={dates.error.message} onRetry={dates.retry} />
      )}
      {dates.status === 'success' &&
        (dates.data.items.length === 0 ? (
          <p>{t.none}</p>
        ) : (
          <ul className="show-dates" aria-label={t.listLabel}>
            {dates.data.items.map((date) => {
              const label = formatShowDate(date.show_date, zoneOf(date.timezone));
              return (
                <li key={date._id}>
                  <Link to={`/admin/shows/${date._id}`} aria-label={t.open(label)}>
                    {label}
                  </Link>
                  {date.fullname !== show.fullname && <span> · {date.fullname}</span>}{' '}
                  <ShowStatusTag status={date.status} />
                </li>
              );
            })}
          </ul>
        ))}
      <fieldset className="settings-subgroup">
        <legend className="settings-subgroup__legend">{t.add}</legend>
        <div className="field-grid">
          <TextField
            type="datetime-local"
            label={t.newDate}
            value={when}
            error={missing ? t.missingDate : create.fieldErrors.show_date}
            onChange={(event) => setWhen(event.target.value)}
          />
          <TextField
            label={t.newName}
            value={name}
            maxLength={300}
            error={create.fieldErrors.fullname}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              // Enter adds the date; it must not send the whole show's form around it.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void add();
            }}
          />
        </div>
        {create.error && !create.fieldErrors.show_date && !create.fieldErrors.fullname && (
          <p className="field__error" role="alert">
            {create.error}
          </p>
        )}
        <p role="status">{added}</p>
        <div>
          <button
            type="button"
            className="button button--secondary"
            disabled={create.isBusy}
            onClick={() => void add()}
          >
            {create.isBusy ? t.adding : t.add}
          </button>
        </div>
      </fieldset>
    </>
  );
}
