import { describe, expect } from 'vitest';
import { html, open, platform, test } from '../../test/sitePages';

// The not-found pages are pre-rendered (decision 090): the platform sends the nearest one up the address's path.
describe('404 page', () => {
  test('is complete as sent, with status 404, and loads the islands’ script but no router', async () => {
    const { status, text, type } = await html('/no/such/page');
    expect([status, type]).toEqual([404, 'text/html; charset=utf-8']);
    expect(text).toContain('Oops! Page not found');
    expect(text).toContain('Return to Home');
    expect(text).toContain('<title>Page not found | Kaja DNS</title>');
    expect(text).toMatch(/<script type="module" src="\/assets\/start\.client-[^"]+"[^>]* data-not-found=""/);
    expect(text).not.toMatch(/entry\.client|manifest-|__reactRouterContext/);
  });

  test('is no page of its own at /404 nor at its file', async () => {
    for (const path of ['/404', '/404/', '/404.html', '/blog/404.html']) {
      const { status } = await html(path);
      expect([path, status]).toEqual([path, 404]);
    }
  });

  test.each([
    ['/blog/no-such-post', 'Post Not Found', 'Post Not Found'],
    ['/learning/no-such-guide', 'Article Not Found', 'Article Not Found'],
    ['/docs/no-such-doc', 'Document not found.', 'Document not found'],
    ['/api/no-such-guide', 'API guide not found', 'API guide not found'],
    ['/api/reference/no-such-resource', 'Resource not found in the endpoint reference', 'Resource not found'],
  ])('says what a section says of an unknown address below it, as sent: %s', async (path, message, title) => {
    const { status, text } = await html(path);
    expect([status, text.includes(message), text.includes('Oops! Page not found')]).toEqual([404, true, false]);
    expect(text).toContain(`<title>${title} | Kaja DNS</title>`);
  });

  test("answers 404 with 'Oops! Page not found', logs the path, counts the view under /404 and links home", async ({ newPage }) => {
    const { page, context, errors } = await newPage();
    // Counted only where the settings say so: this page's settings say so.
    await context.route(`${platform.url}/config.js`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace('"analytics":false', '"analytics":true') });
    });
    const events: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/analytics/events')) events.push(JSON.parse(request.postData() ?? 'null'));
    });
    const response = await open(page, '/no/such/page');
    expect(response.status()).toBe(404);
    await expect.poll(() => page.getByText('Oops! Page not found').count()).toBe(1);
    await expect.poll(() => errors).toContain('404 Error: User attempted to access non-existent route: /no/such/page');
    await expect.poll(() => events).toContainEqual(expect.objectContaining({ type: 'page_view', path: '/404' }));
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${platform.url}/`);
    await page.context().close();
  });
});
