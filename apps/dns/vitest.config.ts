import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'dns',
    // The database mode has its own project (vitest.database.config.ts), run by npm run test:db too.
    exclude: ['src/database/**', '**/node_modules/**'],
    // Tests drive real clients (dig, kdig, c-ares) several times each; a busy machine slows them.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
