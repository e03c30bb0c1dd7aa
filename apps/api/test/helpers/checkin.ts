import type { Prisma } from '../../src/generated/prisma/client.ts';
import type { Db } from '../../src/infra/db.ts';
import { issueTicketCodes } from '../../src/modules/etickets/etickets.service.ts';

/**
 * An order of `quantity` admissions of `ticket` for `showId` (a show or a date),
 * its codes issued by the real issuer while APPROVED, then left in `status`
 * (a cancelled or refunded order keeps the codes it had). Answers the codes.
 */
export async function sellCodes(
  db: Db,
  data: {
    ticket: { id: string; code: string; fullname: string };
    showId: string;
    quantity: number;
    status?: Prisma.OrderUncheckedCreateInput['status'];
    ticketType?: Prisma.OrderItemUncheckedCreateInput['ticketType'];
    location?: Prisma.InputJsonValue;
    bundleItems?: Prisma.InputJsonValue;
    buyer?: { firstname: string; lastname: string };
  },
): Promise<{ orderId: string; orderNumber: number; codes: string[] }> {
  // The order is its show's producer's (a date's parent's), as checkout writes it (decision 0062).
  const show = await db.show.findUniqueOrThrow({
    where: { id: data.showId },
    select: { producerId: true, parent: { select: { producerId: true } } },
  });
  const order = await db.order.create({
    data: {
      producerId: show.parent?.producerId ?? show.producerId,
      email: 'comprador@taquilla.test',
      paymentType: 'CREDIT_CARD',
      status: 'APPROVED',
      subtotal: 10_000 * data.quantity,
      total: 10_000 * data.quantity,
      paymentInfo: data.buyer ?? { firstname: 'Ana', lastname: 'López' },
    },
  });
  await db.orderItem.create({
    data: {
      orderId: order.id,
      ticketId: data.ticket.id,
      showId: data.showId,
      code: data.ticket.code,
      showName: 'Evento',
      showDate: new Date(Date.now() + 86_400_000),
      ticketType: data.ticketType ?? 'GENERAL',
      quantity: data.quantity,
      price: 10_000,
      totalPrice: 10_000 * data.quantity,
      ...(data.location ? { location: data.location } : {}),
      ...(data.bundleItems ? { bundleItems: data.bundleItems } : {}),
    },
  });
  await issueTicketCodes(db, order.id);
  if (data.status && data.status !== 'APPROVED') {
    await db.order.update({ where: { id: order.id }, data: { status: data.status } });
  }
  const codes = await db.ticketCode.findMany({
    where: { orderId: order.id },
    orderBy: { code: 'asc' },
  });
  return { orderId: order.id, orderNumber: order.orderNumber, codes: codes.map((c) => c.code) };
}
