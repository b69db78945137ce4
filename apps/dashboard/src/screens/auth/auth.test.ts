import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { mailedLink, type PlatformInUse, sharedPlatform } from '../../testing/platform';

let platform: PlatformInUse;
let browser: Browser;

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const stored = () => browser.page.evaluate(() => ({ authToken: localStorage.getItem('auth_token'), apiKey: localStorage.getItem('api_key') }));

describe('signing up, in and out, and resetting the password in the dashboard', () => {
  const email = `owner-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const newPassword = 'a brand new password for kaja';

  it('sends a signed-out visitor to /auth, and /signup opens the sign-up tab', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones`);
    await page.getByRole('heading', { name: 'Sign in to Kaja DNS' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/zones');
    await checkScreen(page, 'sign-in');

    // The tabs are links that keep where to go after signing in.
    const tabs = page.getByRole('navigation', { name: 'Sign in or sign up' });
    await tabs.getByRole('link', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/zones');
    expect(await tabs.getByRole('link', { name: 'Sign up' }).getAttribute('aria-current')).toBe('page');
    await tabs.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to Kaja DNS' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.goto(`${platform.appUrl}/signup`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Sign up' }).getAttribute('aria-current')).toBe('page');
    expect(await tabs.getByRole('link', { name: 'Sign in' }).getAttribute('aria-current')).toBeNull();
    await page.goto(`${platform.appUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in to Kaja DNS' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Sign in' }).getAttribute('aria-current')).toBe('page');
  });

  it('signs up, opens the mailed verification link, shows "API key saved" and lands signed in', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel('Full name').fill('Olivia Owner');
    await page.getByLabel('Company').fill('Owner Networks OÜ');
    await checkScreen(page, 'sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your inbox').waitFor();

    await expect.poll(() => mailedLink(platform, email, '/auth/verify-email')).toBeDefined();
    const link = mailedLink(platform, email, '/auth/verify-email')!;
    expect(link.startsWith(`${platform.appUrl}/auth/verify-email?token=`)).toBe(true);
    await page.goto(link);
    await page.getByText('API key saved').waitFor();
    await page.getByText('You can now manage zones and customers.').waitFor();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByText(email).waitFor();
    const credentials = await stored();
    expect(credentials.authToken).toMatch(/^kst_/);
    expect(credentials.apiKey).toMatch(/^kak_/);
    await checkScreen(page, 'dashboard');
  });

  it('stores the default API key of another verified account without the notice when a key was stored before', async () => {
    const { page } = browser;
    const before = await stored();
    const other = `second-${Date.now()}@example.com`;
    const signUp = await fetch(`${platform.apiUrl}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: other, password, full_name: 'Sam Second', company: 'Second Networks' }),
    });
    expect(signUp.status).toBe(202);
    await expect.poll(() => mailedLink(platform, other, '/auth/verify-email')).toBeDefined();
    await page.goto(mailedLink(platform, other, '/auth/verify-email')!);
    await page.getByText(other).waitFor();
    const after = await stored();
    expect(after.apiKey).toMatch(/^kak_/);
    expect(after.apiKey).not.toBe(before.apiKey);
    expect(await page.getByText('API key saved').count()).toBe(0);

    // Back to the first account for the rest of this suite.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.getByText(email).waitFor();
  });

  it('signs out (both credentials forgotten) and signs in again, back to the page asked for', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Kaja DNS' }).waitFor();
    expect(await stored()).toEqual({ authToken: null, apiKey: null });

    await page.goto(`${platform.appUrl}/zones`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.getByRole('heading', { name: 'Zones' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/zones');
    expect((await stored()).authToken).toMatch(/^kst_/);
  });

  it('resets a forgotten password through the mailed link; the new password works and the old one does not', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The sign-in screen has an Email field too: fill the reset screen's, once it is there.
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await checkScreen(page, 'forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    // A refusal shows as an alert: waiting for either names it when the request fails.
    const outcome = page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: /.+/ }).first();
    await outcome.waitFor();
    expect(await outcome.textContent()).toBe('If the address can receive mail from us, a message is on its way.');

    await expect.poll(() => mailedLink(platform, email, '/auth/reset-password')).toBeDefined();
    await page.goto(mailedLink(platform, email, '/auth/reset-password')!);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await checkScreen(page, 'reset-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Password changed').waitFor();
    await page.getByRole('heading', { name: 'Sign in to Kaja DNS' }).waitFor();

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.getByRole('alert').filter({ hasText: /.+/ }).first().waitFor();
    expect(await stored()).toEqual({ authToken: null, apiKey: null });

    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('signing up again with a registered address mails its owner a link that opens the sign-in screen', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.goto(`${platform.appUrl}/signup`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('another long password for kaja');
    await page.getByLabel('Full name').fill('Somebody Else');
    await page.getByLabel('Company').fill('Elsewhere Ltd');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your inbox').waitFor();

    const attempt = () => platform.mails().find((text) => text.includes(email) && text.includes('Sign-up attempt'));
    await expect.poll(attempt).toBeDefined();
    const link = attempt()!.match(/https?:\/\/\S+\/auth\b/)?.[0];
    expect(link).toBe(`${platform.appUrl}/auth`);
    await page.goto(link!);
    await page.getByRole('heading', { name: 'Sign in to Kaja DNS' }).waitFor();
  });
});
