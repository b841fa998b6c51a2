import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Starts a throwaway PostgreSQL for the store suites when TRUECOST_TEST_PG_URL is unset.
    globalSetup: ['test/setup/postgres.ts'],
  },
});
