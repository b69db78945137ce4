import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'dns',
    // Files share the modules they import (decision 052).
    isolate: false,
    // The programs its tests start are the server build's (decision 052).
    globalSetup: ['../../packages/test-support/src/serverBuild.ts'],
    // Tests drive real clients (dig, kdig, c-ares) several times each; a busy machine slows them.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
