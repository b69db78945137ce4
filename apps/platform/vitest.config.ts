import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'platform',
    // The DNS server on the platform database has its own project (vitest.database.config.ts), run by npm run test:db too.
    exclude: ['src/dnsDatabase/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
