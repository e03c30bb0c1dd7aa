import { randomBytes } from 'node:crypto';
import { ADMIN_USER_PAGE_SIZE_DEFAULT } from '@taquilla/contract';
import type {
  AdminProducerCreate,
  AdminProducer,
  AdminProducerListItem,
  AdminProducerPatch,
  AdminUser,
  AdminUserCreate,
  AdminUserListQuery,
  AdminUserPage,
} from '@taquilla/contract';
import { checkPasswordPolicy } from '@taquilla/domain';
import type { Config } from '../../../config.ts';
import { AppError, invalidField, isUniqueViolation } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';
import { passwordResetLink } from '../../accounts/account-links.ts';
import { newOneTimeToken } from '../../accounts/one-time-token.ts';
import { normalEmail } from '../../auth/auth.service.ts';
import { hashPassword } from '../../auth/password.ts';
import type { Mailer } from '../../mail/mail.types.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import { recordAudit } from '../shared/audit.repo.ts';
import { toAdminProducer, toAdminProducerListItem, toAdminUser } from './admin-users.mapper.ts';
import {
  createOrganiserUser,
  createProducer,
  createSetPasswordToken,
  findProducer,
  isEmailTaken,
  isSlugTaken,
  listProducersWithCounts,
  listUsers,
  lockProducer,
  lockProducerSlugs,
  slugsLike,
  updateProducer,
} from './admin-users.repo.ts';

/** A person who did not ask for the account may read the mail days later, unlike a reset. */
export const INVITATION_TTL_HOURS = 72;
const HOUR_MS = 3_600_000;
/** Room for a numeric suffix under the slug's 120 characters. */
const SLUG_BASE_MAX = 100;
const FALLBACK_SLUG = 'productora';

export interface AdminUsersDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  config: Pick<Config, 'PUBLIC_URL'>;
  log: { error: (o: object, m: string) => void };
}

/**
 * Accounts are an admin's job: a producer that could make accounts could
 * give itself an admin, or colleagues at another producer.
 */
export function assertAdmin(ctx: AdminContext): void {
  if (ctx.actor.role !== 'Admin') throw new AppError('FORBIDDEN');
}

/** "Producciones Ñandú 2027" → "producciones-nandu-2027": accents dropped, never shorter than 2. */
export function slugFromName(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_BASE_MAX)
    .replace(/-+$/, '');
  if (base.length >= 2) return base;
  return base ? `${FALLBACK_SLUG}-${base}` : FALLBACK_SLUG;
}

/** `base` when free, else the first free `base-2`, `base-3`… */
function firstFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

type ProducerChoice =
  | { kind: 'none' }
  | { kind: 'existing'; id: string }
  | { kind: 'new'; producer: AdminProducerCreate };

const NOT_FOR_ADMINS = 'Una cuenta de administración no pertenece a una productora';

/** The producer an account manages: one for a Producer (named or new), none for an Admin. */
function producerChoice(body: AdminUserCreate): ProducerChoice {
  if (body.role === 'Admin') {
    if (body.producer_uid !== undefined) throw invalidField('producer_uid', NOT_FOR_ADMINS);
    if (body.producer !== undefined) throw invalidField('producer', NOT_FOR_ADMINS);
    return { kind: 'none' };
  }
  if (body.producer_uid !== undefined && body.producer !== undefined) {
    throw invalidField('producer', 'Indica producer_uid o producer, no ambos');
  }
  if (body.producer_uid !== undefined) return { kind: 'existing', id: body.producer_uid };
  if (body.producer !== undefined) return { kind: 'new', producer: body.producer };
  throw invalidField('producer', 'Indica la productora: producer_uid o producer');
}

/**
 * Organiser accounts (ORGANISER-API.md): admins create producer and admin
 * accounts and list accounts and producers. A creation is one transaction
 * (the producer when new, the user, the invitation link, the audit rows);
 * the invitation e-mail goes only after it commits.
 */
export function createAdminUsersService(deps: AdminUsersDeps) {
  const { db, clock, mailer, config, log } = deps;

  /**
   * Runs a creation in one transaction. A unique violation that slipped past
   * the checks is two requests at once: the key now taken decides the 409.
   */
  async function write<T>(email: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await db.$transaction(work);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (await isEmailTaken(db, email)) throw new AppError('USER_ALREADY_EXISTS', { cause: err });
      throw new AppError('PRODUCER_SLUG_TAKEN', { cause: err });
    }
  }

  /** A given slug must be free (409); a generated one takes the first free numeric suffix. */
  async function insertProducer(tx: Tx, ctx: AdminContext, input: AdminProducerCreate, now: Date) {
    await lockProducerSlugs(tx);
    let slug: string;
    if (input.slug !== undefined) {
      if (await isSlugTaken(tx, input.slug)) throw new AppError('PRODUCER_SLUG_TAKEN');
      slug = input.slug;
    } else {
      const base = slugFromName(input.name);
      slug = firstFreeSlug(base, await slugsLike(tx, base));
    }
    const row = await createProducer(tx, {
      name: input.name,
      slug,
      email: input.email ? normalEmail(input.email) : null,
      phone: input.phone || null,
      now,
    });
    await recordAudit(tx, ctx, {
      action: 'producer.create',
      entityType: 'producer',
      entityId: row.id,
      before: null,
      after: toAdminProducer(row) as Prisma.InputJsonValue,
    });
    return row;
  }

  /** The account exists either way: a lost invitation is logged, and password recovery still works. */
  async function sendInvitation(
    user: AdminUser,
    role: AdminUserCreate['role'],
    link: { tokenId: string; token: string },
  ): Promise<void> {
    try {
      await mailer.send({
        template: 'organiser-invitation',
        to: user.email,
        key: link.tokenId,
        data: {
          fullname: user.fullname,
          role,
          producerName: user.producer?.name ?? null,
          setPasswordUrl: passwordResetLink(config.PUBLIC_URL, link.token),
          expiresInHours: INVITATION_TTL_HOURS,
        },
      });
    } catch (err) {
      log.error({ err, userId: user._id }, 'organiser invitation not queued');
    }
  }

  return {
    /**
     * POST /admin/users. The e-mail counts as verified: an admin vouches for
     * it, as for the first admin. Without a password the stored hash is of a
     * random secret nobody is given, so the account cannot be entered until
     * the invitation's link sets one, and a login attempt on it costs the same
     * scrypt as on any other account.
     */
    async create(ctx: AdminContext, body: AdminUserCreate): Promise<AdminUser> {
      assertAdmin(ctx);
      const email = normalEmail(body.email);
      const choice = producerChoice(body);
      if (body.password !== undefined) {
        const policy = checkPasswordPolicy(body.password, { email });
        if (!policy.ok) throw invalidField('password', policy.message);
      }
      if (choice.kind === 'existing' && !(await findProducer(db, choice.id))) {
        throw invalidField('producer_uid', 'Productora desconocida');
      }
      if (await isEmailTaken(db, email)) throw new AppError('USER_ALREADY_EXISTS');

      // scrypt takes a while: hashed before the transaction, not inside it.
      const passwordHash = await hashPassword(body.password ?? randomBytes(32).toString('base64'));
      const invitation = body.password === undefined ? newOneTimeToken() : null;
      const now = clock();
      const created = await write(email, async (tx) => {
        const producerId =
          choice.kind === 'existing'
            ? choice.id
            : choice.kind === 'new'
              ? (await insertProducer(tx, ctx, choice.producer, now)).id
              : null;
        const user = toAdminUser(
          await createOrganiserUser(tx, {
            email,
            fullname: body.fullname,
            role: body.role,
            producerId,
            passwordHash,
            now,
          }),
        );
        await recordAudit(tx, ctx, {
          action: 'user.create',
          entityType: 'user',
          entityId: user._id,
          before: null,
          after: user as Prisma.InputJsonValue,
        });
        const link = invitation
          ? await createSetPasswordToken(tx, {
              userId: user._id,
              tokenHash: invitation.tokenHash,
              now,
              expiresAt: new Date(now.getTime() + INVITATION_TTL_HOURS * HOUR_MS),
            })
          : null;
        return { user, tokenId: link?.id ?? null };
      });

      if (invitation && created.tokenId) {
        await sendInvitation(created.user, body.role, {
          tokenId: created.tokenId,
          token: invitation.token,
        });
      }
      return created.user;
    },

    /** GET /admin/users: every kind of account, newest first, one page with the total. */
    async list(ctx: AdminContext, query: AdminUserListQuery): Promise<AdminUserPage> {
      assertAdmin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? ADMIN_USER_PAGE_SIZE_DEFAULT;
      const { total, rows } = await listUsers(
        db,
        {
          ...(query.role ? { role: query.role } : {}),
          ...(query.q ? { q: query.q } : {}),
          ...(query.producer_uid ? { producerId: query.producer_uid } : {}),
        },
        { skip: (page - 1) * pageSize, take: pageSize },
      );
      return { items: rows.map(toAdminUser), total, page, page_size: pageSize };
    },

    /**
     * PATCH /admin/producers/{id}: name and contact, under the row's lock, with its
     * audit row (`producer.update`). The slug never changes.
     */
    async updateProducer(
      ctx: AdminContext,
      id: string,
      body: AdminProducerPatch,
    ): Promise<AdminProducer> {
      assertAdmin(ctx);
      return db.$transaction(async (tx) => {
        const before = await lockProducer(tx, id);
        if (!before) throw new AppError('PRODUCER_NOT_FOUND');
        const row = await updateProducer(tx, id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.email !== undefined
            ? { email: body.email ? normalEmail(body.email) : null }
            : {}),
          ...(body.phone !== undefined ? { phone: body.phone || null } : {}),
        });
        const after = toAdminProducer(row);
        await recordAudit(tx, ctx, {
          action: 'producer.update',
          entityType: 'producer',
          entityId: id,
          before: toAdminProducer(before) as Prisma.InputJsonValue,
          after: after as Prisma.InputJsonValue,
        });
        return after;
      });
    },

    /** GET /admin/producers, by name. */
    async listProducers(ctx: AdminContext): Promise<{ items: AdminProducerListItem[] }> {
      assertAdmin(ctx);
      return { items: (await listProducersWithCounts(db)).map(toAdminProducerListItem) };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
