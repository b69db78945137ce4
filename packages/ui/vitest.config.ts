import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'ui',
    // The kit's components render into jsdom: their behaviour, not their looks (the apps' browser tests see those).
    environment: 'jsdom',
    include: ['src/**/*.test.tsx'],
  },
});
