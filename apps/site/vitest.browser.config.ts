import { defineProject } from 'vitest/config';

// The site in a real Chromium, served by the whole platform: one platform for every suite
// (test/globalSetup.ts), the suites beside the routes and components they open.
export default defineProject({
  test: {
    name: 'site-browser',
    // Files share the modules they import (decision 052).
    isolate: false,
    include: ['app/**/*.browser.test.ts'],
    globalSetup: ['test/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The machine running the suite may be busy; waiting for the page is not a timing assertion.
    expect: { poll: { timeout: 10_000 } },
  },
});
