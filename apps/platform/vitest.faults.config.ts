import { defineProject } from 'vitest/config';

// The fault-injection scenarios (faults/): a database cut, nodes and workers killed, the platform
// killed mid-write, abusive clients, heavy writes, each followed by a check that every worker's
// signed answers validate; and a deployment in two locations whose link, relay, replica and
// primary fail in turn. One file at a time: they measure memory and latency on a shared machine.
// Run by `npm run test:faults` (about 5 minutes), which prints the table of scenarios.
export default defineProject({
  // Run as the root config (`--config`) from the repository's root too.
  root: import.meta.dirname,
  test: {
    name: 'faults',
    include: ['faults/**/*.test.ts'],
    // The programs the scenarios start are the server build's (decision 052).
    globalSetup: ['../../packages/test-support/src/serverBuild.ts', 'faults/scenarioTable.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
