import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    // Starting PGlite (PostgreSQL in WASM) takes seconds on a busy machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
