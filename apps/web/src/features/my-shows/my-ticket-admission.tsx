import type { MyTicket } from '@taquilla/contract';
import { env } from '../../config/env';
import { myShowsTexts as t } from './my-shows.texts';

type Admission = NonNullable<MyTicket['admission']>;

/** The QR image's address: the gateway's path (GET /etickets/qr/{code}) on the API's origin. */
function qrSource(admission: Admission): string {
  return admission.qrcode.startsWith('/')
    ? `${env.apiBaseUrl}${admission.qrcode}`
    : admission.qrcode;
}

/**
 * A place at the venue (decision 0058): the code's QR to show at the door, and where
 * it sits (section, row, seat) and which door it enters by. Never a way to the player.
 */
export function MyTicketAdmission({ code, admission }: { code: string; admission: Admission }) {
  const { section, row, seat, door } = admission.place ?? {};
  const parts: { label: string; value: string | null | undefined }[] = [
    { label: t.place.section, value: section },
    { label: t.place.row, value: row },
    { label: t.place.seat, value: seat },
    { label: t.place.door, value: door },
  ];
  const place = parts.filter((part): part is { label: string; value: string } =>
    Boolean(part.value),
  );
  return (
    <div className="my-ticket__admission">
      <img
        className="my-ticket__qr"
        src={qrSource(admission)}
        alt={t.qrAlt(code)}
        width={132}
        height={132}
        loading="lazy"
      />
      <div className="my-ticket__where">
        {place.length > 0 && (
          <ul className="my-ticket__place" aria-label={t.place.label}>
            {place.map((part) => (
              <li key={part.label}>
                {part.label} <strong>{part.value}</strong>
              </li>
            ))}
          </ul>
        )}
        <p className="my-ticket__door-note">{t.showAtDoor}</p>
      </div>
    </div>
  );
}
