/**
 * Discrete connection fields from a postgresql:// URL. The pg driver adapter
 * gets these rather than `{connectionString}`: its shadow-database factory
 * spreads the config, and a connection string would keep pointing at the real
 * database (docs/decisions/0002). No imports: prisma.config.ts loads this
 * before the Prisma client exists.
 */
export function pgConnectionFields(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
  };
}
