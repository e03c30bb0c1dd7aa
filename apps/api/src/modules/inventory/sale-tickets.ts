import type { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';

/** A ticket as a sale reads it: price, rules, window, its show and dates, its bundle. */
export const SALE_TICKET_INCLUDE = {
  show: true,
  priceRules: { orderBy: [{ quantityMin: 'asc' }, { id: 'asc' }] },
  bundleItems: { orderBy: { id: 'asc' } },
  showDates: { include: { show: true } },
  // The open section a VENUE_OPEN ticket sells: its line shows the section and its door.
  sections: {
    where: { type: 'OPEN' },
    select: { name: true, door: true },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
    take: 1,
  },
} satisfies Prisma.TicketInclude;
export type SaleTicket = Prisma.TicketGetPayload<{ include: typeof SALE_TICKET_INCLUDE }>;

export function findSaleTicket(db: Db | Tx, id: string): Promise<SaleTicket | null> {
  return db.ticket.findUnique({ where: { id }, include: SALE_TICKET_INCLUDE });
}
