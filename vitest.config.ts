import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Starts a throwaway PostgreSQL for the store suites when TRUECOST_TEST_PG_URL is unset.
    globalSetup: ['test/setup/postgres.ts'],
    projects: [
      { extends: true, test: { name: 'all', include: ['test/**/*.test.ts'] } },
      // The HTTP suites again, through `toNodeListener` on a real socket (test/http/support.ts).
      {
        extends: true,
        test: { name: 'http-node', include: ['test/http/**/*.test.ts'], env: { TRUECOST_HTTP_TRANSPORT: 'node' } },
      },
    ],
  },
});
