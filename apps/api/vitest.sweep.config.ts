import { defineConfig } from 'vitest/config';

/**
 * The whole run's card-data sweep (decision 0051): after the API tests (and
 * Playwright), it searches the run directory's logs, dumps and Redis values.
 * No database or Redis of its own; the matcher's unit test runs with it.
 */
export default defineConfig({
  test: {
    include: ['test/sweep/*.test.ts'],
    pool: 'forks',
    testTimeout: 300_000,
  },
});
