import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'platform',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
