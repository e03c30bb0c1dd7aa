import type { Db, Tx } from '../infra/db.ts';
import { PATHS } from './paths.ts';
import type { ShowIds } from './shows.ts';
import { DEMO_VIEWER, DEMO_VIEWER_PROFILE } from './users.ts';
import type { SeededUsers } from './users.ts';
import { demoCode } from './util.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Fixed references: how a re-run recognises the demo orders it created. */
export const DEMO_ORDER_REFERENCE = 'SEED-DEMO-0001';
export const DEMO_LIVE_ORDER_REFERENCE = 'SEED-DEMO-0002';

export interface DemoOrderSpec {
  reference: string;
  showPath: string;
  ticketCode: string;
  quantity: number;
  daysAgo: number;
  /** Mark the codes as activated (the viewer already redeemed them). */
  activated: boolean;
  /** Answers to the show's custom fields, as checkout stores them (e.g. the telethon's DPI). */
  customFields?: Record<string, string>;
}

const BUYER = DEMO_VIEWER_PROFILE;

/** A code of the domain's form that no other order uses yet. */
async function freeCode(tx: Tx, seed: string): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const code = demoCode(`${seed}:${attempt}`);
    if (!(await tx.ticketCode.findUnique({ where: { code }, select: { id: true } }))) return code;
  }
}

/**
 * One APPROVED card order of the demo viewer, created once: found again by its
 * payment reference. Its units are added to the ticket's `sold` in the same
 * transaction. Returns the order's first ticket code.
 */
export async function demoOrder(
  tx: Tx,
  spec: DemoOrderSpec,
  shows: ShowIds,
  users: SeededUsers,
  now: Date,
): Promise<{ id: string; code: string }> {
  const existing = await tx.order.findFirst({
    where: { paymentInfo: { path: ['reference'], equals: spec.reference } },
    select: { codes: { select: { id: true, code: true }, orderBy: { code: 'asc' }, take: 1 } },
  });
  const first = existing?.codes[0];
  if (existing && first) return first;
  if (existing) throw new Error(`Demo order ${spec.reference} exists without ticket codes`);

  const show = shows.get(spec.showPath);
  if (!show) throw new Error(`Show ${spec.showPath} is not seeded`);
  const ticket = await tx.ticket.findUniqueOrThrow({
    where: { showId_code: { showId: show.id, code: spec.ticketCode } },
  });
  if (ticket.sold + spec.quantity > ticket.capacity) {
    throw new Error(`Ticket ${ticket.fullname} of ${show.fullname} has no room for the demo order`);
  }

  // The order is its show's producer's (a date's parent's), as checkout writes it (decision 0062).
  const owner = await tx.show.findUniqueOrThrow({
    where: { id: show.id },
    select: { producerId: true, parent: { select: { producerId: true } } },
  });

  const totalPrice = ticket.price * spec.quantity;
  const totalFee = ticket.fee * spec.quantity;
  const total = totalPrice + totalFee;
  const createdAt = new Date(now.getTime() - spec.daysAgo * DAY_MS);
  const order = await tx.order.create({
    data: {
      userId: users.viewerUserId,
      producerId: owner.parent?.producerId ?? owner.producerId,
      email: DEMO_VIEWER.email,
      status: 'APPROVED',
      paymentType: 'CREDIT_CARD',
      currency: 'GTQ',
      subtotal: totalPrice,
      totalFee,
      totalDiscount: 0,
      total,
      // Buyer data only: the card is reduced to brand and last four digits.
      paymentInfo: {
        ...BUYER,
        email: DEMO_VIEWER.email,
        cc_name: 'ANA LUCIA PEREZ',
        reference: spec.reference,
        currency: 'GTQ',
        total,
        provider: 'sandbox',
        ...(spec.customFields ? { custom_fields: spec.customFields } : {}),
      },
      paymentResponse: {
        authorization: spec.reference.slice(-6),
        transaction_id: spec.reference.toLowerCase(),
        response_text: 'Aprobada',
      },
      ccBrand: 'visa',
      ccLast4: '4242',
      createdAt,
      items: {
        create: {
          ticketId: ticket.id,
          showId: show.id,
          code: ticket.code,
          showName: show.fullname,
          showDate: show.showDate,
          description: ticket.fullname,
          ticketType: ticket.type,
          quantity: spec.quantity,
          price: ticket.price,
          fee: ticket.fee,
          totalPrice,
          totalFee,
        },
      },
    },
    select: { id: true, items: { select: { id: true } } },
  });
  const orderItemId = order.items[0]?.id as string;

  const codes: string[] = [];
  for (let n = 1; n <= spec.quantity; n += 1) {
    codes.push(await freeCode(tx, `order:${spec.reference}:${n}`));
  }
  await tx.ticketCode.createMany({
    data: codes.map((code) => ({
      orderId: order.id,
      orderItemId,
      code,
      ticketType: ticket.type,
      activatedAt: spec.activated ? now : null,
      createdAt,
    })),
  });
  await tx.orderChangeLog.create({
    data: {
      orderId: order.id,
      action: 'Order approved',
      reason: 'Pago con tarjeta aprobado (datos de demostración)',
      fromStatus: 'PENDING',
      toStatus: 'APPROVED',
      createdAt,
    },
  });
  await tx.ticket.update({
    where: { id: ticket.id },
    data: { sold: { increment: spec.quantity } },
  });

  const code = [...codes].sort()[0] as string;
  const row = await tx.ticketCode.findUniqueOrThrow({ where: { code }, select: { id: true } });
  return { id: row.id, code };
}

/**
 * The demo viewer's orders: two tickets of the billboard show, and one of the
 * live show whose code is activated into a ViewerShow, so watching can be
 * tested at once.
 */
export async function seedOrders(
  db: Db,
  shows: ShowIds,
  users: SeededUsers,
  now: Date,
): Promise<void> {
  await db.$transaction(async (tx) => {
    await demoOrder(
      tx,
      {
        reference: DEMO_ORDER_REFERENCE,
        showPath: PATHS.billboard,
        ticketCode: 'GENERAL',
        quantity: 2,
        daysAgo: 3,
        activated: false,
      },
      shows,
      users,
      now,
    );
  });

  await db.$transaction(async (tx) => {
    const live = shows.get(PATHS.live);
    if (!live) throw new Error('The live show is not seeded');
    const code = await demoOrder(
      tx,
      {
        reference: DEMO_LIVE_ORDER_REFERENCE,
        showPath: PATHS.live,
        ticketCode: 'ONLINE',
        quantity: 1,
        daysAgo: 1,
        activated: true,
      },
      shows,
      users,
      now,
    );
    const ticket = await tx.ticket.findUniqueOrThrow({
      where: { showId_code: { showId: live.id, code: 'ONLINE' } },
      select: { fullname: true },
    });
    await tx.viewerShow.upsert({
      where: { viewerId_showId: { viewerId: users.viewerId, showId: live.id } },
      create: {
        viewerId: users.viewerId,
        showId: live.id,
        ticketCodeId: code.id,
        ticketFullname: ticket.fullname,
        code: code.code,
        livestream: true,
        replay: true,
        meetngreet: false,
      },
      update: {},
    });
  });
}
