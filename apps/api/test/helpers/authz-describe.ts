import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './app.ts';
import type { TestApp } from './app.ts';
import { CALLERS, createWorld, runRow } from './authz-matrix.ts';
import type { AnyRow, World } from './authz-matrix.ts';

/**
 * One test per row of the matrix (decision 0046) on a fresh app and world: every caller
 * of CALLERS is refused and changes nothing; the owner's own call works.
 */
export function describeMatrix(title: string, rows: readonly AnyRow[]) {
  describe(title, () => {
    let t: TestApp;
    let w: World;
    let dir: string;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'taquilla-authz-'));
      t = await createTestApp({ config: { STORAGE_DIR: dir } });
      w = await createWorld(t);
    });
    afterAll(async () => {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    });

    for (const row of rows) {
      it(`${row.route}${row.note ? ` (${row.note})` : ''}`, async () => {
        expect(await runRow(w, row)).toBe(CALLERS.length + (row.alsoRefused?.length ?? 0));
      });
    }
  });
}
