import type { AdminProducer, AdminProducerListItem, AdminUser } from '@taquilla/contract';
import type { AdminUserRow, ProducerRow, ProducerWithCountsRow } from './admin-users.repo.ts';

/** Row → wire. The row never carries the password hash (adminUserSelect leaves it out). */
export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    _id: row.id,
    email: row.email,
    fullname: row.fullname,
    roles: row.roles,
    producer: row.producer
      ? { _id: row.producer.id, name: row.producer.name, slug: row.producer.slug }
      : null,
    email_verified: row.emailVerifiedAt !== null,
    created: row.createdAt.toISOString(),
  };
}

export function toAdminProducer(row: ProducerRow): AdminProducer {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    email: row.email,
    phone: row.phone,
    created: row.createdAt.toISOString(),
  };
}

export function toAdminProducerListItem(row: ProducerWithCountsRow): AdminProducerListItem {
  return { ...toAdminProducer(row), users: row._count.users, shows: row._count.shows };
}
