import type { Currency } from '@taquilla/domain';
import { formatMoney, toMinorUnits } from '@taquilla/domain';

/** "Q 1,250.00" / "US$ 15.00" from the wire's decimal amount. */
export const money = (amount: number, currency: Currency) =>
  formatMoney(toMinorUnits(amount), currency);

const DAY_FORMAT = new Intl.DateTimeFormat('es-GT', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const SHORT_DAY_FORMAT = new Intl.DateTimeFormat('es-GT', {
  day: 'numeric',
  month: 'numeric',
  timeZone: 'UTC',
});
const INSTANT_FORMAT = new Intl.DateTimeFormat('es-GT', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Guatemala',
});

/** A report day (`2027-03-10`, already a Guatemala calendar day): "mié, 10 mar". */
export const dayLabel = (day: string) => DAY_FORMAT.format(new Date(`${day}T12:00:00Z`));
/** The chart's axis: "10/3". */
export const shortDayLabel = (day: string) => SHORT_DAY_FORMAT.format(new Date(`${day}T12:00:00Z`));
/** An instant in Guatemala time: "10 de marzo de 2027, 14:00". */
export const instantLabel = (iso: string) => INSTANT_FORMAT.format(new Date(iso));
