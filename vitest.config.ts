import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig({
  // examples/ import truecost as an application does; in the checkout's tests that is the sources
  // (as tsconfig.json's paths). test/package/examples.test.ts runs them on the packed package.
  resolve: {
    alias: [
      { find: /^truecost$/, replacement: source('index.ts') },
      { find: /^truecost\/(http|bulk|testing|client)$/, replacement: source('$1/index.ts') },
      { find: /^truecost\/stores\/(memory|sqlite|postgres)$/, replacement: source('stores/$1.ts') },
    ],
  },
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
