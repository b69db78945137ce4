import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'db',
    // Files share the modules they import (decision 052).
    isolate: false,
    // Starting PGlite (PostgreSQL in WASM) takes seconds on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
