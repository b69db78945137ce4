import { defineProject } from 'vitest/config';

export default defineProject({
  // The SDK from its sources, as the CLI's bundle takes it: tests run in Vite's server-side
  // environment, whose conditions are `ssr.resolve`'s (a clean checkout has no SDK build to fall back on).
  ssr: { resolve: { conditions: ['kaja-source'] } },
  test: {
    name: 'cli',
    // Files share the modules they import (decision 052).
    isolate: false,
  },
});
