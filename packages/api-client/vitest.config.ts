import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api-client',
    include: ['scripts/**/*.test.ts'],
    // Building the API runs the database migrations first.
    testTimeout: 60_000,
  },
});
