import { describe, expect } from 'vitest';
import { APP_URL, test } from '../../test/sitePages';
import { startPlatform } from '../../test/platform';

describe('sandbox environment', () => {
  test('shows the environment banner when APP_MODE is sandbox', async ({ newPage }) => {
    const sandbox = await startPlatform({ APP_URL, APP_MODE: 'sandbox' });
    try {
      const { page } = await newPage();
      await page.goto(`${sandbox.url}/`, { waitUntil: 'networkidle' });
      await expect.poll(() => page.getByTestId('environment-banner').textContent()).toContain('Sandbox environment');
      await page.context().close();
    } finally {
      await sandbox.stop();
    }
  });
});
