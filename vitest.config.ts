import { defineConfig } from 'vitest/config';

// Each workspace is one Vitest project with its own config beside its package.json.
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/platform/vitest.database.config.ts',
      'apps/site/vitest.browser.config.ts',
      // The repository's own scripts (the test run's summary).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
