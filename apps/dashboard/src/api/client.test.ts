import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInBrowser } from '../testing/accounts';
import { type Browser, checkScreen, launchBrowser } from '../testing/browser';
import { type Platform, startPlatform } from '../testing/platform';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform({ APP_MODE: 'sandbox' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const toasts = (page: Page) => page.locator('[data-sonner-toast]');
const toastTexts = async (page: Page) => (await toasts(page).allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
const dismissToasts = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('[data-sonner-toast] [data-close-button]').forEach((button) => (button as HTMLElement).click()));
const stored = (page: Page) => page.evaluate(() => ({ authToken: localStorage.getItem('auth_token'), apiKey: localStorage.getItem('api_key') }));

describe('credentials and errors as the spec says (sections 4, 6, 8)', () => {
  it('shows the sandbox banner on every screen, signed in or not', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/auth`);
    await page.getByTestId('environment-banner').waitFor();
    await signUpInBrowser(page, platform);
    await page.getByTestId('environment-banner').waitFor();
  });

  it('sends the API key on ordinary calls and the session token on session-only ones', async () => {
    const { page } = browser;
    const { authToken, apiKey } = await stored(page);
    const seen = new Map<string, string | undefined>();
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/v1/') && request.method() !== 'OPTIONS') seen.set(`${request.method()} ${path}`, request.headers()['authorization']);
    });
    await page.goto(`${platform.appUrl}/dashboard`);
    await page.getByText('0 zones hosted', { exact: true }).waitFor();
    await page.getByText('trialing').waitFor();
    expect(seen.get('GET /v1/auth/session')).toBe(`Bearer ${authToken}`);
    expect(seen.get('GET /v1/subscriptions/current')).toBe(`Bearer ${authToken}`);
    expect(seen.get('GET /v1/zones')).toBe(`Bearer ${apiKey}`);
  });

  it('/trial continues to the getting-started steps of a signed-in customer', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/trial`);
    await page.getByRole('heading', { name: 'Get started' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('link', { name: 'Zones', exact: true }).click();
    await page.getByRole('heading', { name: 'Zones' }).waitFor();
  });

  it("says a form's refusal once, in the form, quoting the name as typed: not again as a toast", async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Add zone' }).click();
    await page.getByLabel('Domain name').fill('example..com');
    await page.getByRole('button', { name: 'Add zone' }).last().click();
    const refusal = page.getByText('"example..com" has an empty label');
    await refusal.waitFor();
    expect(await refusal.count()).toBe(1);
    await page.keyboard.press('Escape');
    // The next toast is that of a failure no form shows (a proxy's 502 on the list, simulated by
    // Playwright); had the form's refusal raised one too, it would be there before it.
    await page.route('**/v1/zones?*', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'Upstream connect error' }) }),
    );
    await page.getByLabel('Search zones by name').fill('example');
    await toasts(page).filter({ hasText: 'Upstream connect error' }).waitFor();
    expect(await toastTexts(page)).toEqual(['API Error Upstream connect error']);
    await checkScreen(page, 'api-error');
    await page.unroute('**/v1/zones?*');
  });

  it('shows a toast where it covers neither "Sign out" nor the navigation, wide and narrow', async () => {
    const { page } = browser;
    const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    // A toast of its own at each width (a proxy's 502 on the list): one from before may have timed
    // out while a busy machine measured the last screen.
    await page.route('**/v1/zones?*', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'Upstream connect error' }) }),
    );
    const freshToast = async (width: number) => {
      await dismissToasts(page);
      await page.setViewportSize({ width, height: 900 });
      await page.getByLabel('Search zones by name').fill(`toast-${width}`);
      return page.locator('[data-sonner-toast][data-removed="false"]').filter({ hasText: 'Upstream connect error' }).first().boundingBox();
    };
    for (const width of [1440, 390]) {
      const toast = await freshToast(width);
      const signOut = await page.getByRole('button', { name: 'Sign out' }).boundingBox();
      expect(toast && signOut && overlap(toast, signOut), `toast over "Sign out" at ${width} px`).toBe(false);
    }
    const toast = await freshToast(1440);
    const navigation = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(toast && navigation && overlap(toast, navigation)).toBe(false);
    await page.unroute('**/v1/zones?*');
    await dismissToasts(page);
  });

  // The API always answers in its envelope; a proxy or load balancer in front of it may not. Those
  // answers cannot be produced by the platform, so Playwright's routing stands in for that proxy.
  for (const [body, expected] of [
    [JSON.stringify({ error: 'Upstream connect error' }), 'API Error Upstream connect error'],
    [JSON.stringify({ message: 'Service temporarily unavailable' }), 'API Error Service temporarily unavailable'],
    ['<html><body>502 Bad Gateway</body></html>', 'API Error An unexpected error occurred.'],
  ] as const) {
    it(`reads "${expected}" from a failed answer that is not the API's envelope`, async () => {
      const { page } = browser;
      await page.route('**/v1/zones?*', (route) => route.fulfill({ status: 502, contentType: body.startsWith('{') ? 'application/json' : 'text/html', body }));
      await page.goto(`${platform.appUrl}/zones`);
      await toasts(page).filter({ hasText: 'API Error' }).waitFor();
      expect(await toastTexts(page)).toEqual([expected]);
      await page.unroute('**/v1/zones?*');
      await dismissToasts(page);
    });
  }

  it('shows "Network Error" when the API cannot be reached (a network failure, simulated by Playwright)', async () => {
    const { page } = browser;
    let refused = 0;
    await page.route('**/v1/zones?*', (route) => {
      refused += 1;
      return route.abort('connectionrefused');
    });
    await page.goto(`${platform.appUrl}/zones`);
    // The list is asked twice (a lost connection gets one retry) before the screen gives up: one notice.
    await page.getByText('Could not load your zones: Network Error').waitFor();
    expect(refused).toBe(2);
    await toasts(page).filter({ hasText: 'Network Error' }).waitFor();
    expect(await toastTexts(page)).toEqual(['Network Error']);
    await page.unroute('**/v1/zones?*');
    await dismissToasts(page);
  });

  it('passes a 401 to the caller silently; a refused API key is forgotten and the session carries on', async () => {
    const { page } = browser;
    // A revoked API key: the API answers 401 to the zones call, the session is still good.
    const refusals: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refusals.push(new URL(response.url()).pathname);
    });
    await page.evaluate(() => localStorage.setItem('api_key', 'kak_revoked0000000000000000000000'));
    await page.goto(`${platform.appUrl}/zones`);
    await page.getByText('You have no zones yet').waitFor();
    expect(refusals).toContain('/v1/zones');
    expect(await toasts(page).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/zones');
    expect((await stored(page)).apiKey).toBeNull();
  });

  it('sends the visitor to /auth once the session is gone, and comes back after signing in', async () => {
    const { page } = browser;

    // The session is revoked elsewhere (signed out from another tab): the next 401 ends it here.
    const { authToken } = await stored(page);
    const signOut = await fetch(`${platform.apiUrl}/auth/signout`, { method: 'POST', headers: { authorization: `Bearer ${authToken}` } });
    expect(signOut.status).toBe(200);
    // A search makes the next call; a refetch of the list may make it first, and the box is gone then.
    const signIn = page.getByRole('heading', { name: 'Sign in to Kaja DNS' });
    const search = page.getByLabel('Search zones by name');
    if (!(await signIn.isVisible())) await search.fill('x', { timeout: 5_000 }).catch(() => undefined);
    await signIn.waitFor();
    expect(new URL(page.url()).searchParams.get('next')).toBe('/zones');
    expect(await stored(page)).toEqual({ authToken: null, apiKey: null });
    expect(await toasts(page).count()).toBe(0);
  });

  it('shows no global notice for failures on /auth/ paths: a wrong password is said in the form', async () => {
    const { page } = browser;
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.getByRole('alert').filter({ hasText: /.+/ }).first().waitFor();
    expect(await toasts(page).count()).toBe(0);
  });

  it('gives up the password-reset request after 15 seconds (a hung request, simulated by Playwright)', async () => {
    const { page } = browser;
    // The request is held and never answered, as a stalled connection would.
    await page.route('**/v1/auth/request-password-reset', () => undefined);
    await page.goto(`${platform.appUrl}/auth/forgot-password`);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('button', { name: 'Sending…' }).waitFor();
    await page.getByText('The request timed out. Please try again.').waitFor({ timeout: 30_000 });
    expect(await toasts(page).count()).toBe(0);
    await page.unroute('**/v1/auth/request-password-reset');
  });
});
