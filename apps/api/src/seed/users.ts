import type { Db } from '../infra/db.ts';
import type { Role } from '../generated/prisma/client.ts';
import { hashPassword, verifyPassword } from '../modules/auth/password.ts';
import demoAccounts from '../../../../prisma/demo-accounts.json' with { type: 'json' };

// One source for the demo logins: `npm start` prints them from the same file.
export const DEMO_VIEWER = demoAccounts.viewer;
export const DEMO_PRODUCER = demoAccounts.producer;

/** The demo viewer's saved buyer data (also the buyer of the demo orders). */
export const DEMO_VIEWER_PROFILE = {
  firstname: 'Ana Lucía',
  lastname: 'Pérez',
  phone: '+502 5555 1234',
  address: '6a Avenida 10-25, Zona 1',
  city: 'Guatemala',
  state: 'Guatemala',
  country: 'GT',
  nit: 'C/F',
  zip: '01001',
};

/** Organisers, by slug. Fictional companies. */
export const PRODUCERS = {
  quetzal: {
    slug: 'producciones-quetzal',
    name: 'Producciones Quetzal',
    email: 'info@produccionesquetzal.gt',
    phone: '+502 2331 4455',
  },
  culturaViva: {
    slug: 'cultura-viva-gt',
    name: 'Cultura Viva GT',
    email: 'hola@culturaviva.gt',
    phone: '+502 7832 1020',
  },
  altiplano: {
    slug: 'altiplano-media',
    name: 'Altiplano Media',
    email: 'contacto@altiplanomedia.gt',
    phone: '+502 7761 2233',
  },
} as const;

export type ProducerKey = keyof typeof PRODUCERS;
export type ProducerIds = Record<ProducerKey, string>;

export interface SeededUsers {
  producers: ProducerIds;
  adminId: string;
  producerUserId: string;
  viewerUserId: string;
  /** The demo viewer's Viewer row. */
  viewerId: string;
}

interface UserSpec {
  email: string;
  password: string;
  /** Only the admin's password follows the environment on every run. */
  resetPassword: boolean;
  fullname: string;
  roles: Role[];
  producerKey?: ProducerKey;
  profile?: {
    firstname: string;
    lastname: string;
    phone: string;
    address: string;
    city: string;
    state: string;
    country: string;
    nit: string;
    zip: string;
  };
}

/** The password hash to store, or undefined to keep the stored one. */
async function passwordHashFor(
  spec: UserSpec,
  existing: { passwordHash: string } | null,
): Promise<string | undefined> {
  if (!existing) return hashPassword(spec.password);
  if (!spec.resetPassword) return undefined;
  if (await verifyPassword(spec.password, existing.passwordHash)) return undefined;
  return hashPassword(spec.password);
}

export async function seedUsers(
  db: Db,
  options: { adminEmail: string; adminPassword: string; now: Date },
): Promise<SeededUsers> {
  const specs: UserSpec[] = [
    {
      email: options.adminEmail,
      password: options.adminPassword,
      resetPassword: true,
      fullname: 'Administración Taquilla',
      roles: ['Admin'],
    },
    {
      email: DEMO_PRODUCER.email,
      password: DEMO_PRODUCER.password,
      resetPassword: false,
      fullname: 'Lucía Ajú',
      roles: ['Producer'],
      producerKey: 'quetzal',
    },
    {
      email: DEMO_VIEWER.email,
      password: DEMO_VIEWER.password,
      resetPassword: false,
      fullname: 'Ana Lucía Pérez',
      roles: ['Viewer'],
      profile: DEMO_VIEWER_PROFILE,
    },
  ];
  for (const spec of specs) spec.email = spec.email.trim().toLowerCase();

  // scrypt is slow on purpose: hash outside the transaction, and only when needed.
  const hashes = new Map<string, string | undefined>();
  for (const spec of specs) {
    const existing = await db.user.findUnique({
      where: { email: spec.email },
      select: { passwordHash: true },
    });
    hashes.set(spec.email, await passwordHashFor(spec, existing));
  }

  return db.$transaction(async (tx) => {
    const producers = {} as ProducerIds;
    for (const [key, producer] of Object.entries(PRODUCERS) as [
      ProducerKey,
      (typeof PRODUCERS)[ProducerKey],
    ][]) {
      const row = await tx.producer.upsert({
        where: { slug: producer.slug },
        create: { ...producer },
        update: { name: producer.name, email: producer.email, phone: producer.phone },
        select: { id: true },
      });
      producers[key] = row.id;
    }

    const userIds: string[] = [];
    for (const spec of specs) {
      const passwordHash = hashes.get(spec.email);
      const fields = {
        username: spec.email,
        fullname: spec.fullname,
        roles: spec.roles,
        producerId: spec.producerKey ? producers[spec.producerKey] : null,
        ...spec.profile,
      };
      const row = await tx.user.upsert({
        where: { email: spec.email },
        create: {
          email: spec.email,
          passwordHash: passwordHash ?? '',
          emailVerifiedAt: options.now,
          ...fields,
        },
        update: passwordHash ? { ...fields, passwordHash } : fields,
        select: { id: true },
      });
      userIds.push(row.id);
    }
    const [adminId, producerUserId, viewerUserId] = userIds as [string, string, string];

    const viewer = await tx.viewer.upsert({
      where: { userId: viewerUserId },
      create: { userId: viewerUserId },
      update: {},
      select: { id: true },
    });

    return { producers, adminId, producerUserId, viewerUserId, viewerId: viewer.id };
  });
}
