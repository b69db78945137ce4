import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'dns',
    // Tests drive real clients (dig, kdig, c-ares) several times each; a busy machine slows them.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
