import { showSettingsSchema } from '@taquilla/contract';
import type { AdminTicket, AdminTicketCreate, AdminTicketPatch } from '@taquilla/contract';
import { toMinorUnits } from '@taquilla/domain';
import { AppError, invalidField } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';
import { ownShow, showScope } from '../shared/admin.access.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import { heldByTicket } from '../../inventory/inventory.live.ts';
import { findShowInScope, lockShow } from '../shared/admin-shows.repo.ts';
import { writeCatalogue } from '../shared/admin.write.ts';
import type { AdminDeps } from '../shared/admin.write.ts';
import { toAdminTicket } from './admin-tickets.mapper.ts';
import type { TicketRow } from './admin-tickets.mapper.ts';
import {
  childDateIds,
  countOrderItemsOfTicket,
  createTicket,
  deleteTicket,
  findTicketOfShow,
  isCodeTaken,
  listTicketsOfShow,
  lockTicket,
  nextPosition,
  ticketIdsOfShow,
  updateTicket,
} from './admin-tickets.repo.ts';
import { recordAudit } from '../shared/audit.repo.ts';
import {
  deleteCartItemsOfTicket,
  hasLiveHoldsOnTicket,
} from '../../inventory/inventory.withdraw.ts';

const minor = (amount: number) => toMinorUnits(amount);
const optionalMinor = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? null : toMinorUnits(amount);
const optionalDate = (value: string | null | undefined) => (value ? new Date(value) : null);

/** Wire fields → columns (amounts to minor units); only the fields present are written. */
function ticketColumns(body: AdminTicketPatch): Prisma.TicketUncheckedUpdateInput {
  const data: Prisma.TicketUncheckedUpdateInput = {};
  if (body.ticket_id !== undefined) data.ticketRef = body.ticket_id;
  if (body.code !== undefined) data.code = body.code;
  if (body.fullname !== undefined) data.fullname = body.fullname;
  if (body.description !== undefined) data.description = body.description;
  if (body.note !== undefined) data.note = body.note;
  if (body.type !== undefined) data.type = body.type;
  if (body.currency !== undefined) data.currency = body.currency;
  if (body.price !== undefined) data.price = minor(body.price);
  if (body.price_usd !== undefined) data.priceUsd = optionalMinor(body.price_usd);
  if (body.fee !== undefined) data.fee = minor(body.fee);
  if (body.fee_usd !== undefined) data.feeUsd = optionalMinor(body.fee_usd);
  if (body.fee_included !== undefined) data.feeIncluded = body.fee_included;
  if (body.payment_type !== undefined) data.paymentTypes = [...new Set(body.payment_type)];
  if (body.visible !== undefined) data.visible = body.visible;
  if (body.valid_since !== undefined) data.validSince = optionalDate(body.valid_since);
  if (body.valid_thru !== undefined) data.validThru = optionalDate(body.valid_thru);
  if (body.capacity !== undefined) data.capacity = body.capacity;
  if (body.location !== undefined) data.location = body.location;
  if (body.ticket_image !== undefined) data.ticketImage = body.ticket_image;
  if (body.qr_color !== undefined) data.qrColor = body.qr_color;
  if (body.position !== undefined) data.position = body.position;
  return data;
}

/** The lists of a ticket, replaced whole when given. */
function ticketLists(body: AdminTicketPatch) {
  return {
    priceRules: body.price_rules?.map((rule) => ({
      ruleType: rule.rule_type,
      quantityMin: rule.quantity_min,
      itemDiscountPrice: minor(rule.item_discount_price),
      itemDiscountPriceUsd: optionalMinor(rule.item_discount_price_usd),
    })),
    bundleItems: body.bundle?.map((item) => ({
      itemTicketId: item.ticket_uid ?? null,
      code: item.code,
      fullname: item.fullname,
      note: item.note ?? null,
      type: item.type,
      amount: item.ammount,
      location: item.location ?? null,
      ticketImage: item.ticket_image ?? null,
      qrColor: item.qr_color ?? null,
    })),
    showDates: body.show_dates?.map((date) => ({ showId: date.value, label: date.label })),
  };
}

export function createAdminTicketsService(deps: AdminDeps) {
  const { db, clock } = deps;

  /** A ticket of a show the actor manages; anything else is "not found". */
  async function ownTicket(tx: Db | Tx, ctx: AdminContext, showId: string, ticketId: string) {
    const show = await findShowInScope(tx, showScope(ctx.actor), showId);
    const ticket = show ? await findTicketOfShow(tx, showId, ticketId) : null;
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    return ticket;
  }

  async function withHeld(tx: Db | Tx, row: TicketRow): Promise<AdminTicket> {
    const held = await heldByTicket(tx, [row.id], clock());
    return toAdminTicket(row, held.get(row.id) ?? 0);
  }

  /** References inside the body must point into the same show. */
  async function checkReferences(tx: Tx, showId: string, body: AdminTicketPatch, selfId?: string) {
    const seen = new Set<string>();
    body.show_dates?.forEach((date, index) => {
      if (seen.has(date.value)) {
        throw invalidField(`show_dates.${index}.value`, 'Esta fecha ya está en la lista');
      }
      seen.add(date.value);
    });
    if (body.show_dates?.length) {
      const children = await childDateIds(
        tx,
        showId,
        body.show_dates.map((d) => d.value),
      );
      body.show_dates.forEach((date, index) => {
        if (!children.has(date.value)) {
          throw invalidField(`show_dates.${index}.value`, 'No es una fecha de este evento');
        }
      });
    }
    const bundleRefs = (body.bundle ?? []).map((item) => item.ticket_uid ?? null);
    const named = bundleRefs.filter((id): id is string => id !== null);
    if (named.length > 0) {
      const tickets = await ticketIdsOfShow(tx, showId, named);
      bundleRefs.forEach((id, index) => {
        if (id !== null && (!tickets.has(id) || id === selfId)) {
          throw invalidField(`bundle.${index}.ticket_uid`, 'No es otro boleto de este evento');
        }
      });
    }
  }

  /** Runs a write; a unique-code race that slipped past the check is still a 409. */
  const write = <T>(work: (tx: Tx) => Promise<T>) =>
    writeCatalogue(deps, work, { uniqueViolation: 'TICKET_CODE_TAKEN' });

  const audit = (
    tx: Tx,
    ctx: AdminContext,
    action: string,
    id: string,
    before: AdminTicket | null,
    after: AdminTicket | null,
  ) =>
    recordAudit(tx, ctx, {
      action,
      entityType: 'ticket',
      entityId: id,
      before: before as Prisma.InputJsonValue | null,
      after: after as Prisma.InputJsonValue | null,
    });

  return {
    async list(ctx: AdminContext, showId: string): Promise<{ items: AdminTicket[] }> {
      await ownShow(db, ctx, showId);
      const rows = await listTicketsOfShow(db, showId);
      const held = await heldByTicket(
        db,
        rows.map((row) => row.id),
        clock(),
      );
      return { items: rows.map((row) => toAdminTicket(row, held.get(row.id) ?? 0)) };
    },

    async create(ctx: AdminContext, showId: string, body: AdminTicketCreate): Promise<AdminTicket> {
      return write(async (tx) => {
        await lockShow(tx, showId);
        const show = await ownShow(tx, ctx, showId);
        await checkReferences(tx, showId, body);
        if (await isCodeTaken(tx, showId, body.code)) throw new AppError('TICKET_CODE_TAKEN');
        const lists = ticketLists(body);
        const row = await createTicket(tx, {
          ...(ticketColumns(body) as Prisma.TicketUncheckedCreateInput),
          showId,
          currency: body.currency ?? showSettingsSchema.parse(show.settings ?? {}).currency,
          position: body.position ?? (await nextPosition(tx, showId)),
          ...(lists.priceRules ? { priceRules: { create: lists.priceRules } } : {}),
          ...(lists.bundleItems ? { bundleItems: { create: lists.bundleItems } } : {}),
          ...(lists.showDates ? { showDates: { create: lists.showDates } } : {}),
        });
        const after = toAdminTicket(row, 0);
        await audit(tx, ctx, 'ticket.create', row.id, null, after);
        return after;
      });
    },

    /** Capacity may not drop below sold + live holds, checked under the ticket's row lock. */
    async update(
      ctx: AdminContext,
      showId: string,
      ticketId: string,
      body: AdminTicketPatch,
    ): Promise<AdminTicket> {
      return write(async (tx) => {
        await ownTicket(tx, ctx, showId, ticketId);
        await lockTicket(tx, ticketId);
        const current = await ownTicket(tx, ctx, showId, ticketId);
        const before = await withHeld(tx, current);
        if (body.capacity !== undefined && body.capacity < current.sold + before.held) {
          throw new AppError('CAPACITY_BELOW_COMMITTED');
        }
        const since =
          body.valid_since !== undefined ? optionalDate(body.valid_since) : current.validSince;
        const thru =
          body.valid_thru !== undefined ? optionalDate(body.valid_thru) : current.validThru;
        if (since && thru && thru < since) {
          throw invalidField('valid_thru', 'El fin de la venta debe ser posterior a su inicio');
        }
        await checkReferences(tx, showId, body, ticketId);
        if (body.code !== undefined && (await isCodeTaken(tx, showId, body.code, ticketId))) {
          throw new AppError('TICKET_CODE_TAKEN');
        }
        const lists = ticketLists(body);
        const row = await updateTicket(tx, ticketId, {
          ...ticketColumns(body),
          ...(lists.priceRules ? { priceRules: { deleteMany: {}, create: lists.priceRules } } : {}),
          ...(lists.bundleItems
            ? { bundleItems: { deleteMany: {}, create: lists.bundleItems } }
            : {}),
          ...(lists.showDates ? { showDates: { deleteMany: {}, create: lists.showDates } } : {}),
        });
        const after = toAdminTicket(row, before.held);
        await audit(tx, ctx, 'ticket.update', ticketId, before, after);
        return after;
      });
    },

    /** Refused with sales (order lines in any status) or live holds; expired cart lines go. */
    async remove(ctx: AdminContext, showId: string, ticketId: string): Promise<AdminTicket> {
      return write(async (tx) => {
        await ownTicket(tx, ctx, showId, ticketId);
        await lockTicket(tx, ticketId);
        const current = await ownTicket(tx, ctx, showId, ticketId);
        if (current.sold > 0 || (await countOrderItemsOfTicket(tx, ticketId)) > 0) {
          throw new AppError('TICKET_HAS_SALES');
        }
        if (await hasLiveHoldsOnTicket(tx, ticketId, clock())) throw new AppError('INVENTORY_HELD');
        await deleteCartItemsOfTicket(tx, ticketId);
        await deleteTicket(tx, ticketId);
        const before = toAdminTicket(current, 0);
        await audit(tx, ctx, 'ticket.delete', ticketId, before, null);
        return before;
      });
    },
  };
}

export type AdminTicketsService = ReturnType<typeof createAdminTicketsService>;
