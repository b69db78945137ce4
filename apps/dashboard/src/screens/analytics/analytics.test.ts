// The analytics from real browsers: the pre-rendered site's listener, the funnel from a customer's real
// steps, and the staff-only screen (axe, widths).
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type Account, createZone } from '../../testing/account';
import type { Platform } from '../../testing/platform';
import { callAs, startConsole, useSessionIn } from '../../testing/staff';

let platform: Platform;
let browser: Browser;
let page: Page;
let customer: Account;
let staffToken: string;

const staffRoutes = ['/analytics/pages', '/analytics/conversion', '/analytics/funnel', '/analytics/funnel?period=week'];
const isEvent = (request: Request) => request.url() === `${platform.apiUrl}/analytics/events`;
const staffGet = async (path: string) => (await callAs(platform, 'GET', path, staffToken)).body.data;

/**
 * A page of the site in a browser context of its own, with the analytics events it sends collected.
 * Closed with its context: a page closed alone in a busy run once took over 20 s to go.
 */
async function sitePage(privacySignal?: 'doNotTrack' | 'globalPrivacyControl') {
  const { page: site, close } = await launchBrowser();
  if (privacySignal === 'doNotTrack') await site.addInitScript(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }));
  if (privacySignal === 'globalPrivacyControl')
    await site.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const sent: unknown[] = [];
  site.on('request', (request) => {
    if (isEvent(request)) sent.push(JSON.parse(request.postData() ?? 'null'));
  });
  return { site, sent, close };
}

beforeAll(async () => {
  // Analytics is off in tests unless one turns it on, as this one does.
  ({ platform, browser, page, customer, staffToken } = await startConsole('customer', { ANALYTICS: 'on' }));
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('analytics', () => {
  it('sends nothing from a browser that asks not to be tracked (Do Not Track, Global Privacy Control)', async () => {
    // Each step bounded and named: a whole run of the suite has timed out in this test, once the
    // file's 120 s had passed, without saying where.
    const within = <T>(step: string, promise: Promise<T>) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${step} did not finish within 20 s`)), 20_000)));
      return Promise.race([promise, late]).finally(() => clearTimeout(timer));
    };
    for (const signal of ['doNotTrack', 'globalPrivacyControl'] as const) {
      const { site, sent, close } = await within('sitePage', sitePage(signal));
      const listenerFetched = site.waitForResponse((response) => response.url().includes('/assets/analytics-'));
      await within('goto', site.goto(`${platform.url}/`, { waitUntil: 'load' }));
      // The listener is fetched once the page has painted (decision 086), after `load` as often as not, and decides
      // whether to count as it starts. The page's own import of it comes first: once an import of the same module
      // here has resolved, and a task more, the listener has decided (a page view it sent would be seen by now).
      const listener = await within('listener fetched', listenerFetched);
      // As text: the test's own `import()` would be rewritten for the test runner.
      await within('listener started', site.evaluate(`import(${JSON.stringify(listener.url())}).then(() => new Promise((resolve) => setTimeout(resolve)))`));
      // The click is for the site's listener only, and the page stays where it is: closing one on its way to the
      // dashboard's sign-in took over 20 s in a busy run.
      await within(
        'click',
        site.evaluate(() => {
          window.addEventListener('click', (event) => event.preventDefault());
          document.querySelector<HTMLElement>('[data-testid="trial-button"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
        }),
      );
      expect(sent, signal).toEqual([]);
      await within('close', close());
    }
    // What the browser sent is counted by now: a beacon the page sent would be in these.
    expect((await within('staffGet', staffGet('/analytics/pages'))).pages).toEqual([]);
    expect((await within('staffGet', staffGet('/analytics/conversion'))).buttons).toEqual([]);
  });

  it('counts a real page view of the pre-rendered site with its referring site, and a click on Start Free Trial', async () => {
    const { site, sent, close } = await sitePage();
    const viewSent = site.waitForRequest(isEvent);
    await site.goto(`${platform.url}/`, { referer: 'https://news.example.org/item?id=7' });
    await viewSent;
    expect(sent).toEqual([{ type: 'page_view', path: '/', referrer: 'news.example.org' }]);
    await expect.poll(async () => (await staffGet('/analytics/pages')).pages).toEqual([{ path: '/', views: 1 }]);
    expect((await staffGet('/analytics/pages')).referrers).toEqual([{ host: 'news.example.org', views: 1 }]);

    const clickSent = site.waitForRequest((request) => isEvent(request) && request.postData()?.includes('"click"') === true);
    await site.getByTestId('trial-button').first().click();
    await clickSent;
    await expect.poll(async () => (await staffGet('/analytics/conversion')).buttons).toEqual([{ button: 'trial', clicks: 1 }]);
    await close();
  });

  it('shows nothing to a customer, and the API refuses every analytics call: 403 with a credential, 401 without', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).count()).toBe(0);
    await page.goto(`${platform.appUrl}/analytics`);
    await page.getByText('Only platform staff can see the analytics.').waitFor();
    for (const path of staffRoutes) {
      for (const token of [customer.authToken, customer.apiKey]) {
        const refused = await callAs(platform, 'GET', path, token);
        expect(refused.status, path).toBe(403);
        expect(refused.body.error.code).toBe('forbidden');
      }
      expect((await callAs(platform, 'GET', path)).status, path).toBe(401);
    }
  });

  it('counts the customer’s first zone once though it made two, and shows the funnel to staff (axe, widths)', async () => {
    await createZone(platform, customer, 'first');
    await createZone(platform, customer, 'second');
    const { cohort } = await staffGet('/analytics/funnel');
    expect(cohort.map((step: { customers: number }) => step.customers)).toEqual([1, 1, 1, 0, 0]);

    await useSessionIn(page, platform, staffToken);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const conversion = page.getByRole('table', { name: 'Funnel conversion' });
    await conversion.waitFor();
    expect(
      await conversion
        .getByRole('row', { name: /^First zone/ })
        .getByRole('cell')
        .first()
        .textContent(),
    ).toBe('1');
    expect(
      await conversion
        .getByRole('row', { name: /^First zone/ })
        .getByRole('cell')
        .nth(1)
        .textContent(),
    ).toBe('100%');
    expect(await page.getByRole('table', { name: 'Page views per page' }).getByRole('row', { name: /^\// }).first().textContent()).toContain('/');
    expect(await page.getByRole('table', { name: 'Clicks per button' }).textContent()).toContain('Start Free Trial');
    await checkScreen(page, 'analytics');

    await page.getByRole('button', { name: 'Per week' }).click();
    await page.getByRole('table', { name: 'Funnel steps per week' }).waitFor();
    const weeks = page.getByRole('table', { name: 'Funnel steps per week' }).locator('tbody tr');
    expect(await weeks.count()).toBe(13);
    // This week's row: one customer signed up, verified and made a first zone.
    expect(await weeks.first().locator('td').allTextContents()).toEqual(['1', '1', '1', '0', '0']);
  });
});
