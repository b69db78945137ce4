import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace is one Vitest project with its own config beside its package.json.
export default defineConfig({
  test: {
    // Vitest's default leaves a core free (one file at a time on two cores), but most files wait on
    // the processes they start (the platform, Chromium, knotd, dig) more than they compute.
    maxWorkers: Math.max(2, availableParallelism()),
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
