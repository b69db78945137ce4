import { defineProject } from 'vitest/config';

// The DNS server on the platform database, beside the real API: PGlite by default, PostgreSQL
// through LISTEN/NOTIFY when DATABASE_URL is set (npm run test:db). Only Node's resolver is used
// as a client here, so the suite needs no Debian tools.
export default defineProject({
  test: {
    name: 'dns-database',
    include: ['src/database/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
