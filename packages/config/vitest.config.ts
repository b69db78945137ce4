import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'config',
    // Files share the modules they import (decision 052).
    isolate: false,
  },
});
