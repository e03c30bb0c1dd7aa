import type { AdminCheckin, CheckinPlace } from '@taquilla/contract';
import { doorTexts } from './admin-door.texts';

const t = doorTexts.result;

/** What the door says after a read: come in, or why not. */
export type DoorResult =
  | { kind: 'admitted'; entry: AdminCheckin }
  | { kind: 'refused'; code: string | null; error: string; message: string };

/** "Sección Platea · Fila B · Asiento 7 · Ingreso por Puerta 1"; null for general admission. */
export function placeLabel(place: CheckinPlace | null): string | null {
  if (!place) return null;
  const parts = [
    place.section && t.section(place.section),
    place.row && t.row(place.row),
    place.seat && t.seat(place.seat),
    place.door && t.door(place.door),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * The full-width answer after each read, loud enough to see from arm's length: green
 * "Adelante" with the ticket and its holder, or red with the refusal's own words. An
 * alert, so a screen reader says it too; keyed by the caller per read, so the same
 * refusal twice is announced twice.
 */
export function ResultPanel({ result }: { result: DoorResult }) {
  if (result.kind === 'admitted') {
    const { entry } = result;
    const place = placeLabel(entry.place);
    return (
      <div role="alert" className="door-result door-result--admitted">
        <p className="door-result__headline">{t.admitted}</p>
        {entry.ticket && <p className="door-result__ticket">{entry.ticket}</p>}
        {place && <p className="door-result__place">{place}</p>}
        {entry.buyer_name && <p className="door-result__name">{entry.buyer_name}</p>}
        <p className="door-result__meta">
          {t.code(entry.code)} · {t.order(entry.order_number)}
        </p>
      </div>
    );
  }
  return (
    <div role="alert" className="door-result door-result--refused">
      <p className="door-result__label">{t.refused}</p>
      <p className="door-result__headline">{result.message}</p>
      {result.code && <p className="door-result__meta">{t.code(result.code)}</p>}
    </div>
  );
}
