import { describe, expect } from 'vitest';
import { APP_URL, html, platform, test } from '../../test/sitePages';

describe('redirects to the app', () => {
  test.for(['/auth', '/login', '/signup', '/dashboard', '/trial'])('%s goes to APP_URL with the same path and query string', async (path, { newPage }) => {
    const prerendered = await html(path);
    expect(prerendered.text).toContain('Redirecting to app...');
    const { page } = await newPage();
    await page.goto(`${platform.url}${path}?next=%2Fzones&plan=pro`);
    await page.waitForURL(`${APP_URL}${path}?next=%2Fzones&plan=pro`);
    await page.context().close();
  });

  test('waits for the environment settings when /config.js arrives after the app has started', async ({ newPage }) => {
    const { page } = await newPage();
    // The app's module script is async and may run before the deferred /config.js on a busy server.
    await page.route('**/config.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${platform.url}/trial?plan=pro`);
    await page.waitForURL(`${APP_URL}/trial?plan=pro`);
    await page.context().close();
  });
});
