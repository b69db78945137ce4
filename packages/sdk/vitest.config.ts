import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'sdk',
    // Packing runs the package's build (esbuild and tsc).
    testTimeout: 300_000,
  },
});
