import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'platform',
    // Files share the modules they import (decision 052).
    isolate: false,
    // The programs its tests start are the server build's (decision 052).
    globalSetup: ['../../packages/test-support/src/serverBuild.ts'],
    // The DNS server on the platform database has its own project (vitest.database.config.ts), run by npm run test:db too;
    // the fault-injection scenarios theirs (vitest.faults.config.ts, npm run test:faults).
    exclude: ['src/dnsDatabase/**', 'faults/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
