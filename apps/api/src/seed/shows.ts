import type { Tx } from '../infra/db.ts';
import type { PaymentType, ShowIcon, ShowStatus, TicketType } from '../generated/prisma/client.ts';
import type { ProducerIds, ProducerKey } from './users.ts';
import { demoImage, showDateLabel, showSettings } from './util.ts';

export const ONLINE = 'Online';

export interface TicketSpec {
  /** Natural key with the show: (showId, code). */
  code: string;
  fullname: string;
  description?: string;
  note?: string;
  type?: TicketType;
  /** GTQ centavos. */
  price: number;
  /** USD cents; every paid ticket has one. */
  priceUsd?: number;
  fee?: number;
  feeUsd?: number;
  paymentTypes: PaymentType[];
  capacity: number;
  visible?: boolean;
  validSince?: Date;
  validThru?: Date;
  location?: string;
  qrColor?: string;
  /** Quantity discount: from `quantityMin` units each costs `price` (and `priceUsd`). */
  quantityDiscount?: { quantityMin: number; price: number; priceUsd: number };
  /** What one unit includes: `amount` units of the ticket `itemCode` of the same show. */
  bundle?: { itemCode: string; amount: number; note?: string }[];
  /** Child dates (paths) the ticket is valid for; labels come from their dates. */
  showDates?: string[];
}

export interface ShowSpec {
  /** Natural key: the unique vanity path. */
  path: string;
  /** Demo image name when it is not the path (a date reusing its parent's poster). */
  image?: string;
  producer: ProducerKey;
  parentPath?: string;
  fullname: string;
  subtitle: string;
  description: string;
  description2?: string;
  importantInfo: string;
  showDate: Date;
  venue: string;
  venueAddress: string;
  type?: 'VENUE' | 'ONLINE';
  status: ShowStatus;
  paid: boolean;
  tags: string[];
  genre?: string;
  icon: ShowIcon;
  videoUrl?: string;
  billboard?: boolean;
  visible?: boolean;
  settings: Record<string, unknown>;
  tickets?: TicketSpec[];
}

export type ShowIds = Map<string, { id: string; fullname: string; showDate: Date }>;

/**
 * Upserts shows by path (parents before children), then their tickets by
 * (showId, code) with price rules, bundle items and child-date links. `sold` is
 * never touched: only orders move it, and capacity never drops below it.
 */
export async function upsertShows(
  tx: Tx,
  specs: ShowSpec[],
  producers: ProducerIds,
): Promise<ShowIds> {
  const ids: ShowIds = new Map();
  const ordered = [
    ...specs.filter((spec) => !spec.parentPath),
    ...specs.filter((spec) => spec.parentPath),
  ];
  for (const spec of ordered) {
    const parentShowId = spec.parentPath ? ids.get(spec.parentPath)?.id : null;
    if (parentShowId === undefined) throw new Error(`Parent of ${spec.path} is not seeded`);
    const data = {
      producerId: producers[spec.producer],
      parentShowId,
      fullname: spec.fullname,
      subtitle: spec.subtitle,
      description: spec.description,
      description2: spec.description2 ?? null,
      importantInfo: spec.importantInfo,
      mainImage: demoImage(spec.image ?? spec.path),
      showDate: spec.showDate,
      timezone: 'America/Guatemala',
      country: 'GT',
      venue: spec.venue,
      venueAddress: spec.venueAddress,
      type: spec.type ?? (spec.venue === ONLINE ? 'ONLINE' : 'VENUE'),
      status: spec.status,
      paid: spec.paid,
      tags: spec.tags,
      genre: spec.genre ?? null,
      icon: spec.icon,
      videoUrl: spec.videoUrl ?? null,
      billboard: spec.billboard ?? false,
      visible: spec.visible ?? true,
      settings: showSettings(spec.settings),
    };
    const row = await tx.show.upsert({
      where: { path: spec.path },
      create: { path: spec.path, ...data },
      update: data,
      select: { id: true },
    });
    ids.set(spec.path, { id: row.id, fullname: spec.fullname, showDate: spec.showDate });
  }

  for (const spec of specs) {
    const showId = ids.get(spec.path)?.id as string;
    const ticketIds = new Map<string, string>();
    for (const [position, ticket] of (spec.tickets ?? []).entries()) {
      ticketIds.set(ticket.code, await upsertTicket(tx, showId, ticket, position));
    }
    for (const ticket of spec.tickets ?? []) {
      const ticketId = ticketIds.get(ticket.code) as string;
      await syncTicketExtras(tx, ticketId, ticket, ticketIds, ids);
    }
  }
  return ids;
}

async function upsertTicket(
  tx: Tx,
  showId: string,
  ticket: TicketSpec,
  position: number,
): Promise<string> {
  if (ticket.price > 0 && ticket.priceUsd === undefined) {
    throw new Error(`Paid ticket ${ticket.code} needs a USD price`);
  }
  const existing = await tx.ticket.findUnique({
    where: { showId_code: { showId, code: ticket.code } },
    select: { id: true, sold: true },
  });
  const data = {
    ticketRef: ticket.code,
    fullname: ticket.fullname,
    description: ticket.description ?? null,
    note: ticket.note ?? null,
    type: ticket.type ?? 'GENERAL',
    currency: 'GTQ' as const,
    price: ticket.price,
    priceUsd: ticket.priceUsd ?? (ticket.price === 0 ? 0 : null),
    fee: ticket.fee ?? 0,
    feeUsd: ticket.feeUsd ?? (ticket.fee ? null : 0),
    paymentTypes: ticket.paymentTypes,
    visible: ticket.visible ?? true,
    validSince: ticket.validSince ?? null,
    validThru: ticket.validThru ?? null,
    capacity: Math.max(ticket.capacity, existing?.sold ?? 0),
    location: ticket.location ?? null,
    qrColor: ticket.qrColor ?? null,
    position,
  };
  if (existing) {
    await tx.ticket.update({ where: { id: existing.id }, data });
    return existing.id;
  }
  const created = await tx.ticket.create({
    data: { showId, code: ticket.code, ...data },
    select: { id: true },
  });
  return created.id;
}

async function syncTicketExtras(
  tx: Tx,
  ticketId: string,
  ticket: TicketSpec,
  ticketIds: Map<string, string>,
  shows: ShowIds,
): Promise<void> {
  if (ticket.quantityDiscount) {
    const rule = ticket.quantityDiscount;
    const data = {
      ruleType: 'quantity_discount',
      quantityMin: rule.quantityMin,
      itemDiscountPrice: rule.price,
      itemDiscountPriceUsd: rule.priceUsd,
    };
    const existing = await tx.ticketPriceRule.findFirst({
      where: { ticketId, ruleType: 'quantity_discount', quantityMin: rule.quantityMin },
      select: { id: true },
    });
    if (existing) await tx.ticketPriceRule.update({ where: { id: existing.id }, data });
    else await tx.ticketPriceRule.create({ data: { ticketId, ...data } });
  }

  for (const item of ticket.bundle ?? []) {
    const itemTicketId = ticketIds.get(item.itemCode);
    if (!itemTicketId) throw new Error(`Bundle item ${item.itemCode} is not a seeded ticket`);
    const existing = await tx.ticketBundleItem.findFirst({
      where: { ticketId, code: item.itemCode },
      select: { id: true },
    });
    const itemTicket = await tx.ticket.findUniqueOrThrow({
      where: { id: itemTicketId },
      select: { fullname: true, type: true, location: true, qrColor: true },
    });
    const data = {
      itemTicketId,
      fullname: itemTicket.fullname,
      note: item.note ?? null,
      type: itemTicket.type,
      amount: item.amount,
      location: itemTicket.location,
      qrColor: itemTicket.qrColor,
    };
    if (existing) await tx.ticketBundleItem.update({ where: { id: existing.id }, data });
    else await tx.ticketBundleItem.create({ data: { ticketId, code: item.itemCode, ...data } });
  }

  for (const path of ticket.showDates ?? []) {
    const child = shows.get(path);
    if (!child) throw new Error(`Show date ${path} is not seeded`);
    const label = showDateLabel(child.showDate);
    await tx.ticketShowDate.upsert({
      where: { ticketId_showId: { ticketId, showId: child.id } },
      create: { ticketId, showId: child.id, label },
      update: { label },
    });
  }
}
