import pg from 'pg';
import { pgConnectionFields } from '../../src/infra/db.ts';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs one statement on the server's maintenance database. */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ ...pgConnectionFields(withDatabase(url, 'postgres')) });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
