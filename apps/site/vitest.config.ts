import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'site',
    // Files share the modules they import (decision 052).
    isolate: false,
    include: ['app/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    // In a browser, beside the platform: vitest.browser.config.ts.
    exclude: ['app/**/*.browser.test.ts'],
  },
});
