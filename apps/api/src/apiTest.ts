import { test } from 'vitest';
import { signUpOwner, startTestApi, type TestAccount, type TestApi } from './testing';

/**
 * `test` with the API most suites start: `api`, the real API on a fresh database (closed after the
 * file), and `owner`, a signed-up and verified customer's owner. Both are made once per file, when a
 * test first asks for them:
 *
 *   apiTest('lists zones', async ({ api, owner }) => { ... });
 *
 * Set up in a test, they count against its timeout; a file that asks for them in a suite-level hook
 * (`apiTest.beforeAll(async ({ api, owner }) => ...)`, e.g. to choose a plan) starts them within
 * the hook timeout instead. A suite that needs other settings starts its own with `startTestApi`
 * (this module is kept apart from `testing.ts`, which benchmarks load outside Vitest).
 */
export const apiTest = test.extend<{ api: TestApi; owner: TestAccount }>({
  api: [
    // Vitest reads the fixtures a fixture needs from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const api = await startTestApi();
      try {
        await use(api);
      } finally {
        await api.close();
      }
    },
    { scope: 'file' },
  ],
  owner: [async ({ api }, use) => use(await signUpOwner(api)), { scope: 'file' }],
});
