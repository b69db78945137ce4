import { defineProject } from 'vitest/config';

export default defineProject({
  // The SDK from its sources, as the CLI's bundle takes it.
  resolve: { conditions: ['kaja-source'] },
  test: {
    name: 'cli',
    // Files share the modules they import (decision 052).
    isolate: false,
  },
});
