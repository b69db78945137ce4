import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'site',
    include: ['app/**/*.test.ts', 'test/**/*.test.ts'],
    // The browser suite starts the whole platform and a real Chromium once.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The machine running the suite may be busy; waiting for the page is not a timing assertion.
    expect: { poll: { timeout: 10_000 } },
  },
});
