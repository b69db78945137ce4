import { defineProject } from 'vitest/config';

// The DNS server on the platform database, beside the real API (dynamic updates, transfers,
// DNSSEC, metering, billing, restarts): PGlite by default, PostgreSQL
// through LISTEN/NOTIFY when DATABASE_URL is set (npm run test:db). Clients are Node's resolver
// and, for DNSSEC, transfers and updates, Debian's delv, dig, kdig, nsupdate, ldns-verify-zone and
// dnssec-verify (scripts/requirements.mjs).
export default defineProject({
  test: {
    name: 'dns-database',
    // Files share the modules they import (decision 052).
    isolate: false,
    // The programs its tests start are the server build's (decision 052).
    globalSetup: ['../../packages/test-support/src/serverBuild.ts'],
    include: ['src/dnsDatabase/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
