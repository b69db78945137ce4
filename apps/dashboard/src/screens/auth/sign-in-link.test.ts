import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { signUpOwner, waitForMailedLink } from '../../testing/owner';
import { mailedLink, type Platform, startPlatform } from '../../testing/platform';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  // Trusting X-Forwarded-For lets the test guess from addresses of its own: each address may fail only
  // ten times for one account, and the browser's own address stays unthrottled.
  [platform, browser] = await Promise.all([startPlatform({ TRUST_PROXY: 'true' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('finishing a sign-in with the mailed link while an account is being guessed at', () => {
  it('answers the right password with the mailed-link message, and the link from the outbox signs the owner in', async () => {
    const { page, context } = browser;
    const owner = await signUpOwner(platform, page, 'guessed');
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());

    // Twenty wrong passwords for the account, ten from each of two addresses that are not the browser's.
    for (const address of ['192.0.2.1', '192.0.2.2']) {
      for (let attempt = 0; attempt < 10; attempt++) {
        const response = await fetch(`${platform.apiUrl}/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ email: owner.email, password: `wrong guess ${attempt}` }),
        });
        expect(response.status).toBe(401);
      }
    }

    await page.goto(`${platform.appUrl}/auth`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('We mailed you a link to finish signing in', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    // No field is blamed: the password was right.
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).not.toBe('true');
    await checkScreen(page, 'sign-in-link-sent');

    const link = await waitForMailedLink(platform, owner.email, '/auth/sign-in-link');
    expect(link.startsWith(`${platform.appUrl}/auth/sign-in-link?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByText(owner.email).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^kst_/);
    await checkScreen(page, 'sign-in-link-signed-in');

    // The link works once: opened again, it says so and offers the way back to sign in.
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await page.goto(link);
    await page.getByText('Token is invalid, already used or expired').waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).waitFor();
    await checkScreen(page, 'sign-in-link-used');
    expect(mailedLink(platform, owner.email, '/auth/sign-in-link')).toBe(link);
    expect(browser.errors).toEqual([]);
  });
});
