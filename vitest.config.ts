import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace is one Vitest project with its own config beside its package.json.
export default defineConfig({
  test: {
    // Half again as many files as cores: a running file kept 0.68 of a core busy on average, the
    // rest of the time it waits on the processes it starts (the platform, Chromium, knotd, dig).
    // Two files at a time on two cores left a third of the processor time unused.
    maxWorkers: Math.max(2, Math.ceil(availableParallelism() * 1.5)),
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/platform/vitest.database.config.ts',
      'apps/site/vitest.browser.config.ts',
      // The repository's own scripts (the test run's summary, the server build).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
