import { randomBytes } from 'node:crypto';
import type { Prisma } from '../../src/generated/prisma/client.ts';
import type { Db } from '../../src/infra/db.ts';
import { hashPassword } from '../../src/modules/auth/password.ts';
import { rowLabel } from '@taquilla/domain';

const unique = () => randomBytes(4).toString('hex');

export async function createProducer(db: Db, overrides: Partial<Prisma.ProducerCreateInput> = {}) {
  const suffix = unique();
  return db.producer.create({
    data: { name: `Productora ${suffix}`, slug: `productora-${suffix}`, ...overrides },
  });
}

type ShowInput = Omit<Prisma.ShowUncheckedCreateInput, 'producerId'> & { producerId?: string };

/** A public, paid, in-person show a day from `now` unless told otherwise. */
export async function createShow(db: Db, overrides: Partial<ShowInput> = {}) {
  const producerId = overrides.producerId ?? (await createProducer(db)).id;
  return db.show.create({
    data: {
      fullname: `Evento ${unique()}`,
      showDate: new Date(Date.now() + 86_400_000),
      venue: 'Teatro Nacional Miguel Ángel Asturias',
      status: 'ACTIVE',
      settings: {},
      ...overrides,
      producerId,
    },
  });
}

/**
 * A visible ticket of `showId` (Q 150.00, 100 places, card payments) unless told
 * otherwise. Relations go through Prisma's nested writes, e.g.
 * `priceRules: { create: [...] }`, `showDates: { create: [{ showId, label }] }`.
 */
export async function createTicket(
  db: Db,
  showId: string,
  overrides: Partial<Omit<Prisma.TicketUncheckedCreateInput, 'showId'>> = {},
) {
  return db.ticket.create({
    data: {
      code: `BOL-${unique()}`,
      fullname: 'General',
      price: 15_000,
      capacity: 100,
      paymentTypes: ['CREDIT_CARD'],
      ...overrides,
      showId,
    },
  });
}

/** A viewer's access to a show; a new user and viewer unless `viewerId` is given. */
export async function createViewerShow(
  db: Db,
  data: { showId: string; viewerId?: string } & Partial<
    Omit<Prisma.ViewerShowUncheckedCreateInput, 'showId' | 'viewerId'>
  >,
) {
  const { showId, viewerId: givenViewerId, ...overrides } = data;
  const viewerId =
    givenViewerId ??
    (
      await db.viewer.create({
        data: {
          user: {
            create: {
              email: `espectador-${unique()}@taquilla.test`,
              username: `espectador-${unique()}`,
              passwordHash: 'not-a-real-hash',
              fullname: 'Espectador de Prueba',
            },
          },
        },
      })
    ).id;
  return db.viewerShow.create({
    data: { code: unique().toUpperCase(), ...overrides, showId, viewerId },
  });
}

export interface SectionInput {
  name?: string;
  type?: 'SEATS' | 'TABLE' | 'HTABLE' | 'OPEN';
  rows?: number;
  cols?: number;
  /** Row-label index of the first row (20 → "U"). */
  rowStart?: number;
  colStart?: number;
  gridRow?: number;
  gridCol?: number;
  /** OPEN sections: unnumbered places. */
  capacity?: number;
  position?: number;
  /** As the organiser typed it; the column's default ("Unica") when absent. */
  door?: string;
}

/**
 * A venue map owned by `showId`: each section sells through a ticket of its
 * own (created on the same show); numbered sections get rows × cols seats
 * named like the seed's ("A1", "U12").
 */
export async function createVenueMap(
  db: Db,
  showId: string,
  sections: SectionInput[],
  overrides: { name?: string; gridRows?: number; gridCols?: number } = {},
) {
  const map = await db.venueMap.create({
    data: {
      showId,
      name: overrides.name ?? `Sala ${unique()}`,
      mapImage: '/images/demo/mapa-teatro-nacional.svg',
      sectionGridRows: overrides.gridRows ?? 3,
      sectionGridCols: overrides.gridCols ?? 3,
    },
  });
  const created = [];
  for (const [index, input] of sections.entries()) {
    const type = input.type ?? 'SEATS';
    const rows = input.rows ?? 2;
    const cols = input.cols ?? 3;
    const rowStart = input.rowStart ?? 0;
    const colStart = input.colStart ?? 1;
    const isOpen = type === 'OPEN';
    const ticket = await db.ticket.create({
      data: {
        showId,
        code: `SEC-${unique()}`,
        fullname: input.name ?? `Sección ${index + 1}`,
        type: isOpen ? 'VENUE_OPEN' : 'VENUE_SEAT',
        price: 10_000,
        capacity: isOpen ? (input.capacity ?? 50) : rows * cols,
      },
    });
    const section = await db.section.create({
      data: {
        mapId: map.id,
        ticketId: ticket.id,
        name: input.name ?? `Sección ${index + 1}`,
        type,
        showNumbering: !isOpen,
        mapRows: isOpen ? 1 : rows,
        mapColumns: isOpen ? 1 : cols,
        rowStart,
        colStart,
        seated: !isOpen,
        sectionGridRow: input.gridRow ?? index,
        sectionGridCol: input.gridCol ?? 0,
        capacity: isOpen ? (input.capacity ?? 50) : null,
        position: input.position ?? index,
        ...(input.door !== undefined ? { door: input.door } : {}),
      },
    });
    const seatRows: Prisma.SeatCreateManyInput[] = [];
    for (let i = 0; !isOpen && i < rows; i += 1) {
      const row = rowStart + i;
      for (let j = 0; j < cols; j += 1) {
        const col = colStart + j;
        const rowName = rowLabel(row);
        seatRows.push({
          sectionId: section.id,
          showId,
          ticketId: ticket.id,
          name: `${rowName}${col}`,
          row,
          col,
          rowName,
        });
      }
    }
    await db.seat.createMany({ data: seatRows });
    const seats = await db.seat.findMany({
      where: { sectionId: section.id },
      orderBy: [{ row: 'asc' }, { col: 'asc' }],
    });
    created.push({ section, ticket, seats });
  }
  return { map, sections: created };
}

/** An open cart holding until `validThru` (ten minutes from now by default). */
export async function createCart(db: Db, overrides: Partial<Prisma.CartUncheckedCreateInput> = {}) {
  return db.cart.create({
    data: {
      sessionKey: unique(),
      validThru: new Date(Date.now() + 600_000),
      ...overrides,
    },
  });
}

/** A seat held by a cart for a show (a date) until `expiresAt`. */
export async function createSeatHold(
  db: Db,
  data: { showId: string; seatId: string; cartId: string; expiresAt: Date },
) {
  return db.seatReservation.create({ data: { ...data, kind: 'HOLD' } });
}

/** An order with the given status (APPROVED by default) and nothing else. */
export async function createOrder(
  db: Db,
  overrides: Partial<Prisma.OrderUncheckedCreateInput> = {},
) {
  return db.order.create({
    data: {
      email: `comprador-${unique()}@taquilla.test`,
      paymentType: 'CREDIT_CARD',
      status: 'APPROVED',
      subtotal: 0,
      total: 0,
      paymentInfo: {},
      ...overrides,
    },
  });
}

/** Codes issued through one approved order of a ticket of `showId` (the QR draws only those). */
export async function createIssuedCodes(db: Db, showId: string, codes: string[]) {
  const ticket = await createTicket(db, showId);
  const order = await createOrder(db);
  const item = await db.orderItem.create({
    data: {
      orderId: order.id,
      ticketId: ticket.id,
      showId,
      code: ticket.code,
      showName: 'Evento',
      showDate: new Date(Date.now() + 86_400_000),
      ticketType: 'GENERAL',
      quantity: codes.length,
      price: 0,
      totalPrice: 0,
    },
  });
  await db.ticketCode.createMany({
    data: codes.map((code) => ({
      orderId: order.id,
      orderItemId: item.id,
      code,
      ticketType: 'GENERAL' as const,
    })),
  });
  return { orderId: order.id };
}

/** A seat sold for a show (a date), through a new order. */
export async function createSeatSale(db: Db, data: { showId: string; seatId: string }) {
  const order = await createOrder(db);
  return db.seatReservation.create({ data: { ...data, kind: 'SALE', orderId: order.id } });
}

const lineDefaults = (ticket: { id: string; code: string }, showId: string, quantity: number) => ({
  ticketId: ticket.id,
  showId,
  code: ticket.code,
  showName: 'Evento',
  showDate: new Date(Date.now() + 86_400_000),
  ticketType: 'VENUE_OPEN' as const,
  quantity,
  price: 10_000,
  totalPrice: 10_000 * quantity,
});

/** `quantity` units of a ticket in a cart for a show (a date), held until `expiresAt`. */
export async function createTicketHold(
  db: Db,
  data: {
    cartId: string;
    ticket: { id: string; code: string };
    showId: string;
    quantity: number;
    expiresAt: Date;
  },
) {
  return db.cartItem.create({
    data: {
      ...lineDefaults(data.ticket, data.showId, data.quantity),
      // Written by the database from the show, whatever is sent (decision 0062).
      producerId: (await db.show.findUniqueOrThrow({ where: { id: data.showId } })).producerId,
      cartId: data.cartId,
      showType: 'VENUE',
      venue: 'Teatro Nacional Miguel Ángel Asturias',
      title: data.ticket.code,
      expiresAt: data.expiresAt,
    },
  });
}

/** `quantity` units of a ticket sold for a show (a date) in an order of `status`. */
export async function createTicketSale(
  db: Db,
  data: {
    ticket: { id: string; code: string };
    showId: string;
    quantity: number;
    status?: Prisma.OrderUncheckedCreateInput['status'];
  },
) {
  const order = await createOrder(db, { status: data.status ?? 'APPROVED' });
  return db.orderItem.create({
    data: { ...lineDefaults(data.ticket, data.showId, data.quantity), orderId: order.id },
  });
}

/**
 * An account that can log in with `password` (hashed with the real scrypt).
 * `withViewer` also creates its viewer, as signup does for buyers.
 */
export async function createUser(
  db: Db,
  options: {
    password: string;
    email?: string;
    roles?: ('Viewer' | 'Producer' | 'Admin')[];
    producerId?: string | null;
    withViewer?: boolean;
    fullname?: string;
  },
) {
  const email = options.email ?? `usuario-${unique()}@taquilla.test`;
  return db.user.create({
    data: {
      email,
      username: email,
      fullname: options.fullname ?? 'Usuaria de Prueba',
      passwordHash: await hashPassword(options.password),
      roles: options.roles ?? ['Viewer'],
      producerId: options.producerId ?? null,
      ...(options.withViewer ? { viewer: { create: {} } } : {}),
    },
    include: { viewer: true },
  });
}

/**
 * An order with one line per `items` entry (each on a ticket of a new show),
 * for account order lists. APPROVED, in GTQ, Q 100.00 unless told otherwise.
 */
export async function createOrderWithItems(
  db: Db,
  data: {
    order?: Partial<Prisma.OrderUncheckedCreateInput>;
    items: { showName: string; description?: string | null; quantity: number }[];
  },
) {
  const show = await createShow(db);
  const ticket = await createTicket(db, show.id);
  const order = await createOrder(db, { subtotal: 10_000, total: 10_000, ...data.order });
  for (const item of data.items) {
    await db.orderItem.create({
      data: {
        ...lineDefaults(ticket, show.id, item.quantity),
        orderId: order.id,
        showName: item.showName,
        description: item.description ?? null,
      },
    });
  }
  return db.order.findUniqueOrThrow({
    where: { id: order.id },
    include: { items: { orderBy: { id: 'asc' } } },
  });
}
