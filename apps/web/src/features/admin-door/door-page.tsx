import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminEndpoints } from '@taquilla/contract/plain';
import type { AdminCheckin, AdminShow } from '@taquilla/contract';
import { useApiQuery } from '../../api/use-api-query';
import { ConsolePage, ConsoleSection } from '../../components/console/console-page';
import { consoleTexts } from '../../components/console/console-texts';
import { SelectField } from '../../components/form/select-field';
import { formatShowDate, showTimeZone } from '../../components/shows/show-presentation';
import { doorTexts } from './admin-door.texts';
import { AttendanceCount, RecentCheckins } from './attendance-panel';
import { CameraScanner } from './camera-scanner';
import { ResultPanel } from './result-panel';
import { TypedCodeForm } from './typed-code-form';
import { useAttendance } from './use-attendance';
import { useDoorCheckin } from './use-door-checkin';
import './admin-door.css';

const t = doorTexts;

/** Shows a door may be opened for: on sale, running or live (drafts and ended ones are not). */
export const DOOR_STATUSES = 'ACTIVE,STARTED,LIVE,HIDDEN,TEST';
/** One page of them: an organiser has far fewer shows on sale at once. */
const DOOR_SHOWS_MAX = '200';

/** "Noche de Marimba — Función del sábado · sáb, 28 nov 2026, 7:00 p. m." */
function showLabel(show: AdminShow, all: readonly AdminShow[]): string {
  const parent = show.parent_show_uid && all.find((s) => s._id === show.parent_show_uid);
  const name = parent ? `${parent.fullname} — ${show.fullname}` : show.fullname;
  return `${name} · ${formatShowDate(show)}`;
}

/**
 * /admin/door: a phone at the door. The organiser picks the show (kept in `?show=`, so
 * a reload or a shared link opens the same door), then scans tickets with the camera or
 * types their codes; each answer fills the screen, and the count follows every door.
 */
export function DoorPage() {
  const [params, setParams] = useSearchParams();
  const showId = params.get('show') ?? '';
  const shows = useApiQuery(adminEndpoints.listShows, {
    query: { status: DOOR_STATUSES, page_size: DOOR_SHOWS_MAX },
  });
  const items = shows.status === 'success' ? shows.data.items : [];
  const chosen = items.find((show) => show._id === showId);

  const choose = (id: string) => {
    const next = new URLSearchParams(params);
    if (id) next.set('show', id);
    else next.delete('show');
    setParams(next, { replace: true });
  };

  return (
    <ConsolePage title={t.title} subtitle={t.subtitle}>
      <div className="door">
        {shows.status === 'loading' && <p>{consoleTexts.loading}</p>}
        {shows.status === 'error' && (
          <p className="door-camera__error">
            {t.show.loadError}{' '}
            <button type="button" className="button button--secondary" onClick={shows.retry}>
              {t.show.retry}
            </button>
          </p>
        )}
        {shows.status === 'success' && items.length === 0 && (
          <p className="console-empty">{t.show.none}</p>
        )}
        {items.length > 0 && (
          <SelectField
            label={t.show.label}
            value={chosen ? chosen._id : ''}
            onChange={(event) => choose(event.target.value)}
            options={[
              { value: '', label: t.show.choose },
              ...items.map((show) => ({ value: show._id, label: showLabel(show, items) })),
            ]}
          />
        )}
        {chosen && <Door key={chosen._id} show={chosen} />}
      </div>
    </ConsolePage>
  );
}

function Door({ show }: { show: AdminShow }) {
  const { attendance, refresh, setCount } = useAttendance(show._id);
  const onAdmitted = useCallback(
    (entry: AdminCheckin) => {
      setCount(entry.attendance);
      refresh();
    },
    [setCount, refresh],
  );
  const { result, isBusy, submit, scanned } = useDoorCheckin(show._id, onAdmitted);

  return (
    <>
      <AttendanceCount attendance={attendance} />
      {result && <ResultPanel key={result.id} result={result.value} />}
      <ConsoleSection title={t.camera.section}>
        <CameraScanner onRead={scanned} />
      </ConsoleSection>
      <ConsoleSection title={t.typed.section}>
        <TypedCodeForm isBusy={isBusy} onSubmit={submit} />
      </ConsoleSection>
      <ConsoleSection title={t.attendance.recent}>
        <RecentCheckins attendance={attendance} timeZone={showTimeZone(show)} />
      </ConsoleSection>
    </>
  );
}
