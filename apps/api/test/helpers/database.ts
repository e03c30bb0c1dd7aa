import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDb } from '../../src/infra/db.ts';
import type { Db } from '../../src/infra/db.ts';
import { adminQuery, withDatabase } from './pg-admin.ts';
import { dumpTestDatabase } from './run-capture.ts';

export interface TestDatabase {
  url: string;
  db: Db;
  drop: () => Promise<void>;
}

/** A fresh, migrated database of its own for one test file (a template clone). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const templateUrl = inject('templateDatabaseUrl');
  const template = inject('templateDatabaseName');
  const name = `taquilla_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(templateUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = withDatabase(templateUrl, name);
  const db = createDb(url, 5);
  return {
    url,
    db,
    drop: async () => {
      await db.$disconnect();
      // Kept for the whole run's card-data sweep (decision 0051).
      await dumpTestDatabase(url);
      await adminQuery(templateUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
