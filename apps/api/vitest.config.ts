import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // The whole run's card-data sweep reads what the run left: its own step (vitest.sweep.config.ts).
    exclude: [...configDefaults.exclude, 'test/sweep/card-data-sweep.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
