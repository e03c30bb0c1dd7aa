import { adminTicketCreateSchema, adminTicketPatchSchema } from '@taquilla/contract';
import type {
  AdminTicket,
  AdminTicketCreateInput,
  AdminTicketPatchInput,
  PaymentType,
} from '@taquilla/contract';
import { fromZonedDateTime, toZonedDateTime } from '@taquilla/domain';

type TicketType = NonNullable<AdminTicketCreateInput['type']>;

export type PriceRuleValues = {
  quantity_min: string;
  item_discount_price: string;
  item_discount_price_usd: string;
};

export type BundleItemValues = {
  ticket_uid: string;
  code: string;
  fullname: string;
  note: string;
  type: TicketType;
  ammount: string;
  /** Not edited here; kept so that saving the list does not drop them. */
  location: string | null;
  ticket_image: string | null;
  qr_color: string | null;
};

/** What the ticket form holds: inputs as typed (amounts as "150.00", dates in the show's zone). */
export type TicketFormValues = {
  code: string;
  fullname: string;
  description: string;
  note: string;
  type: TicketType | '';
  currency: 'GTQ' | 'USD' | '';
  price: string;
  price_usd: string;
  fee: string;
  fee_usd: string;
  fee_included: boolean;
  payment_type: PaymentType[];
  visible: boolean;
  valid_since: string;
  valid_thru: string;
  capacity: string;
  position: string;
  ticket_id: string;
  location: string;
  ticket_image: string;
  qr_color: string;
  price_rules: PriceRuleValues[];
  bundle: BundleItemValues[];
  /** Child dates the ticket is valid for, with their labels. */
  show_dates: { value: string; label: string }[];
};

export const emptyTicketValues: TicketFormValues = {
  code: '',
  fullname: '',
  description: '',
  note: '',
  type: '',
  currency: '',
  price: '',
  price_usd: '',
  fee: '0.00',
  fee_usd: '',
  fee_included: false,
  payment_type: ['CREDIT_CARD'],
  visible: true,
  valid_since: '',
  valid_thru: '',
  capacity: '',
  position: '',
  ticket_id: '',
  location: '',
  ticket_image: '',
  qr_color: '',
  price_rules: [],
  bundle: [],
  show_dates: [],
};

export const emptyRule: PriceRuleValues = {
  quantity_min: '',
  item_discount_price: '',
  item_discount_price_usd: '',
};

export const emptyBundleItem: BundleItemValues = {
  ticket_uid: '',
  code: '',
  fullname: '',
  note: '',
  type: 'GENERAL',
  ammount: '1',
  location: null,
  ticket_image: null,
  qr_color: null,
};

/** An amount as the form shows it: currency units with two decimals. */
export const amountText = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '' : amount.toFixed(2);

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant as a datetime-local value on the show's clock ("2027-03-01T20:00"). */
export function toLocalInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const t = toZonedDateTime(new Date(iso), timeZone);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;
}

/** A datetime-local value on the show's clock as an ISO instant; empty stays null. */
export function fromLocalInput(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  if (!match) return value.trim() === '' ? null : value;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return fromZonedDateTime({ year, month, day, hour, minute }, timeZone).toISOString();
}

export function ticketValues(ticket: AdminTicket, timeZone: string): TicketFormValues {
  return {
    code: ticket.code,
    fullname: ticket.fullname,
    description: ticket.description ?? '',
    note: ticket.note ?? '',
    type: ticket.type,
    currency: ticket.currency,
    price: amountText(ticket.price),
    price_usd: amountText(ticket.price_usd),
    fee: amountText(ticket.fee),
    fee_usd: amountText(ticket.fee_usd),
    fee_included: ticket.fee_included,
    payment_type: [...ticket.payment_type],
    visible: ticket.visible,
    valid_since: toLocalInput(ticket.valid_since, timeZone),
    valid_thru: toLocalInput(ticket.valid_thru, timeZone),
    capacity: String(ticket.capacity),
    position: String(ticket.position),
    ticket_id: ticket.ticket_id ?? '',
    location: ticket.location ?? '',
    ticket_image: ticket.ticket_image ?? '',
    qr_color: ticket.qr_color ?? '',
    price_rules: ticket.price_rules.map((rule) => ({
      quantity_min: String(rule.quantity_min),
      item_discount_price: amountText(rule.item_discount_price),
      item_discount_price_usd: amountText(rule.item_discount_price_usd),
    })),
    bundle: ticket.bundle.map((item) => ({
      ticket_uid: item.ticket_uid ?? '',
      code: item.code,
      fullname: item.fullname,
      note: item.note ?? '',
      type: item.type,
      ammount: String(item.ammount),
      location: item.location,
      ticket_image: item.ticket_image,
      qr_color: item.qr_color,
    })),
    show_dates: ticket.show_dates.map((date) => ({ ...date })),
  };
}

/** A typed number, or the text itself so that the schema names the field. */
const numberOf = (value: string): number | string => {
  const trimmed = value.trim().replace(',', '.');
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : value;
};
const optionalNumber = (value: string) => (value.trim() === '' ? null : numberOf(value));
const optionalText = (value: string) => (value.trim() === '' ? null : value.trim());

/** The whole ticket as the contract takes it. */
export function ticketBody(values: TicketFormValues, timeZone: string): AdminTicketCreateInput {
  const body: Record<string, unknown> = {
    code: values.code,
    fullname: values.fullname,
    description: optionalText(values.description),
    note: optionalText(values.note),
    price: numberOf(values.price),
    price_usd: optionalNumber(values.price_usd),
    fee: values.fee.trim() === '' ? 0 : numberOf(values.fee),
    fee_usd: optionalNumber(values.fee_usd),
    fee_included: values.fee_included,
    payment_type: values.payment_type,
    visible: values.visible,
    valid_since: fromLocalInput(values.valid_since, timeZone),
    valid_thru: fromLocalInput(values.valid_thru, timeZone),
    capacity: numberOf(values.capacity),
    ticket_id: optionalText(values.ticket_id),
    location: optionalText(values.location),
    ticket_image: optionalText(values.ticket_image),
    qr_color: optionalText(values.qr_color),
    price_rules: values.price_rules.map((rule) => ({
      rule_type: 'quantity_discount',
      quantity_min: numberOf(rule.quantity_min),
      item_discount_price: numberOf(rule.item_discount_price),
      item_discount_price_usd: optionalNumber(rule.item_discount_price_usd),
    })),
    bundle: values.bundle.map((item) => ({
      ticket_uid: item.ticket_uid || null,
      code: item.code,
      fullname: item.fullname,
      note: optionalText(item.note),
      type: item.type,
      ammount: numberOf(item.ammount),
      location: item.location,
      ticket_image: item.ticket_image,
      qr_color: item.qr_color,
    })),
    show_dates: values.show_dates,
  };
  if (values.type) body.type = values.type;
  if (values.currency) body.currency = values.currency;
  if (values.position.trim() !== '') body.position = numberOf(values.position);
  return body as AdminTicketCreateInput;
}

/** Only what changed, so that a save never rewrites what the form did not touch. */
export function ticketPatch(
  values: TicketFormValues,
  original: TicketFormValues,
  timeZone: string,
): AdminTicketPatchInput {
  const next = ticketBody(values, timeZone) as Record<string, unknown>;
  const before = ticketBody(original, timeZone) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key])) patch[key] = value;
  }
  return patch as AdminTicketPatchInput;
}

/** The contract's verdict by field ("price_rules.0.quantity_min" → message); empty when valid. */
export function ticketErrors(body: object, isNew: boolean): Record<string, string> {
  const schema = isNew ? adminTicketCreateSchema : adminTicketPatchSchema;
  const result = schema.safeParse(body);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || '(raíz)';
    errors[field] ??= issue.message;
  }
  return errors;
}
