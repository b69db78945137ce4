import { describe, expect } from 'vitest';
import { APP_URL, open, platform, signUpAndSignIn, test } from '../../test/sitePages';

describe('header, trial button and session', () => {
  test('signed out: Features, Pricing, About, Guides to /blog, API, Login, Sign Up; Start Free Trial goes to /auth', async ({ newPage }) => {
    const { page } = await newPage();
    await open(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Features', 'Pricing', 'About', 'Guides', 'API']);
    expect(await nav.getByRole('link', { name: 'Guides' }).getAttribute('href')).toBe('/blog');
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Login' }).count()).toBe(1);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).count()).toBe(1);
    await page.getByTestId('trial-button').first().click();
    await page.waitForURL(`${APP_URL}/auth`);
    await page.context().close();
  });

  test('signed in: Dashboard, Guides to /docs, API, Logout and the welcome line; Start Free Trial goes to /trial; Logout signs out', async ({ newPage }) => {
    const { page, context } = await newPage();
    const email = await signUpAndSignIn(page);
    await open(page, '/');
    await expect.poll(() => page.getByTestId('welcome').first().textContent()).toBe(`Welcome, ${email}`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Guides', 'API']);
    expect(await nav.getByRole('link', { name: 'Guides' }).getAttribute('href')).toBe('/docs');
    expect(await page.getByTestId('trial-button').first().getAttribute('href')).toBe('/trial');

    const signout = page.waitForResponse((response) => response.url().endsWith('/v1/auth/signout'));
    // Signing out loads the landing page anew: what follows runs in that page, not the one it replaces.
    const reloaded = page.waitForEvent('load');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    expect((await signout).status()).toBeLessThan(300);
    await reloaded;
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Sign Up' }).count()).toBe(1);
    const session = await context.request.get(`${platform.url}/v1/auth/session`);
    expect(session.status()).toBe(401);

    await signUpAndSignIn(page);
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('trial-button').first().getAttribute('href')).toBe('/trial');
    await page.getByTestId('trial-button').first().click();
    await page.waitForURL(`${APP_URL}/trial`);
    await context.close();
  });

  test('has a footer with Product, Company and Support columns, a social link and the copyright line', async ({ newPage }) => {
    const { page } = await newPage();
    await open(page, '/status');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('heading').allTextContents()).toEqual(['Product', 'Company', 'Support']);
    expect(await footer.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).toMatch(/^https:\/\/www\.linkedin\.com\//);
    expect(await footer.textContent()).toMatch(new RegExp(`© ${new Date().getFullYear()} Kaja DNS OÜ`));
    await page.context().close();
  });

  test('shows no environment banner in production', async ({ newPage }) => {
    const { page } = await newPage();
    await open(page, '/');
    expect(await page.getByTestId('environment-banner').count()).toBe(0);
    await page.context().close();
  });
});
