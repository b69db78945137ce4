import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'dashboard',
    // Files share the modules they import (decision 052).
    isolate: false,
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/globalSetup.ts'],
    // The browser suites start the whole platform and a real Chromium.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // The machine running the suite may be busy; waiting for the page is not a timing assertion.
    expect: { poll: { timeout: 15_000 } },
  },
});
