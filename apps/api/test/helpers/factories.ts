import { randomBytes } from 'node:crypto';
import type { Prisma } from '../../src/generated/prisma/client.ts';
import type { Db } from '../../src/infra/db.ts';

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
