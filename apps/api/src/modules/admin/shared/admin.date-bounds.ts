import { addDays, fromZonedDateTime } from '@taquilla/domain';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A list's `from` / `to` filter as an instant (GET /admin/orders, GET /admin/audit-log):
 * a calendar day `2027-03-10` is the whole day in Guatemala time (`to` up to its end),
 * an ISO instant is itself (`to` inclusive). The result bounds `>= from` and `< to`.
 */
export function dateBound(value: string, edge: 'from' | 'to'): Date {
  const day = DATE_ONLY.exec(value);
  if (day) {
    const civil = { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]) };
    return fromZonedDateTime(edge === 'to' ? addDays(civil, 1) : civil);
  }
  const instant = new Date(value);
  return edge === 'to' ? new Date(instant.getTime() + 1) : instant;
}
