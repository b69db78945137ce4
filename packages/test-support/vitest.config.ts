import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'test-support',
    // Files share the modules they import (decision 052).
    isolate: false,
    // Some drive real servers (knotd, reloaded for each change) through dig: a busy machine took
    // over the default 5 s for four questions and two reloads.
    testTimeout: 30_000,
  },
});
