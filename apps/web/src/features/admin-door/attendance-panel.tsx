import type { AdminAttendance } from '@taquilla/contract';
import { formatShowDate } from '../../components/shows/show-presentation';
import { doorTexts } from './admin-door.texts';
import { placeLabel } from './result-panel';

const t = doorTexts.attendance;

/** "123 de 450 ingresaron", large, at the top of the door. */
export function AttendanceCount({ attendance }: { attendance: AdminAttendance | null }) {
  return (
    <p className="door-count">
      {attendance ? t.count(attendance.checked_in, attendance.total) : t.loading}
    </p>
  );
}

/** The last check-ins at this show's doors (every phone's), newest first. */
export function RecentCheckins({
  attendance,
  timeZone,
}: {
  attendance: AdminAttendance | null;
  timeZone: string;
}) {
  if (!attendance) return null;
  if (attendance.recent.length === 0) return <p className="console-empty">{t.none}</p>;
  return (
    <ol className="door-recent">
      {attendance.recent.map((entry) => {
        const place = placeLabel(entry.place);
        return (
          <li key={entry.code} className="door-recent__item">
            <time dateTime={entry.checked_in_at} className="door-recent__time">
              {formatShowDate({ show_date: entry.checked_in_at, timezone: timeZone }, 'time')}
            </time>
            <span className="door-recent__code">{entry.code}</span>
            <span>{[entry.ticket, place, entry.buyer_name].filter(Boolean).join(' · ')}</span>
            {entry.voided_at ? <span className="door-recent__voided">{t.voided}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
