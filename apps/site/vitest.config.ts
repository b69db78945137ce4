import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'site',
    include: ['app/**/*.test.ts', 'test/**/*.test.ts'],
    // In a browser, beside the platform: vitest.browser.config.ts.
    exclude: ['app/**/*.browser.test.ts'],
  },
});
