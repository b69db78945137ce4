import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'dnssec',
    // Files share the modules they import (decision 052).
    isolate: false,
    // RSA key generation and the external validators take seconds on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
