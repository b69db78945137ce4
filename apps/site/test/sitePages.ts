// What the browser suites beside the site's routes share: the platform the global setup started
// (test/globalSetup.ts), a Chromium per test file, and the steps a visitor takes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject, test as base } from 'vitest';
import { readFrontMatter } from '../app/content/entry';
import { launchBrowser } from './browser';
import { APP_URL, root } from './platform';

export { APP_URL, screenshots, SUPPORT_EMAIL } from './platform';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    siteDataDir: string;
  }
}

/** The platform serving the site (with APP_URL and SUPPORT_EMAIL above) for every browser suite. */
export const platform = {
  url: inject('siteUrl'),
  /** The mails the platform wrote to its outbox (no SMTP_URL), newest last. */
  mails(): string[] {
    const outbox = join(inject('siteDataDir'), 'outbox');
    return existsSync(outbox)
      ? readdirSync(outbox)
          .sort()
          .map((file) => readFileSync(join(outbox, file), 'utf8'))
      : [];
  },
};

export const content = (folder: string) =>
  readdirSync(join(root, 'apps/site/content', folder))
    .filter((file) => file.endsWith('.md'))
    .map((file) => readFrontMatter(file, readFileSync(join(root, 'apps/site/content', folder, file), 'utf8')));

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions of the page so far. */
  errors: string[];
}

/**
 * `test` with a Chromium for the file and `newPage`: a page in a context of its own (the app's
 * address answered inside the browser), closed after the test.
 */
type NewPage = (options?: { width?: number; context?: BrowserContext }) => Promise<OpenedPage>;

export const test = base.extend<{ newPage: NewPage; browser: Browser }>({
  browser: [
    // Vitest reads the fixtures a fixture needs from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const browser = await launchBrowser();
      await provide(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  newPage: async ({ browser }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async (options = {}) => {
      const context = options.context ?? (await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } }));
      contexts.push(context);
      await context.route(`${APP_URL}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Kaja DNS app</h1>' }));
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return { page, context, errors };
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

export const open = async (page: Page, path: string) => {
  const response = await page.goto(`${platform.url}${path}`, { waitUntil: 'networkidle' });
  await islandsHydrated(page);
  return response!;
};

/**
 * Waits until every island of the page is hydrated: the islands' script starts after the first paint (decision
 * 086), which on a busy machine may come after the network went quiet, and hydrates in slices. React marks the
 * element of a root with a `__reactContainer$` key; the first idle moment after that comes once its slices are done.
 */
export async function islandsHydrated(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-island][data-module]')].every((island) => Object.keys(island).some((key) => key.startsWith('__reactContainer$'))),
  );
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

export const html = async (path: string) => {
  const response = await fetch(`${platform.url}${path}`);
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '', headers: response.headers };
};

/** How far from the top of the window an element starts (below the 64 px sticky header when scrolled to). */
export const topOf = (page: Page, id: string) => page.evaluate((elementId) => document.getElementById(elementId)!.getBoundingClientRect().top, id);

/** Scrolled to an anchor: its section starts right below the header, or the page is at its end (the last section). */
export const scrolledTo = (page: Page, id: string) =>
  page.evaluate((elementId) => {
    const top = document.getElementById(elementId)!.getBoundingClientRect().top;
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    return top >= 0 && (top < 100 || (atEnd && top < window.innerHeight / 2));
  }, id);

/** Signs a new customer up, verifies the mailed token and signs in, all from a site page as a visitor's browser would. */
export async function signUpAndSignIn(page: Page) {
  const email = `visitor-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  if (!page.url().startsWith(platform.url)) await open(page, '/status');
  const post = (path: string, body: unknown) =>
    page.evaluate(
      async ([url, data]) => {
        const response = await fetch(url, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(data),
        });
        return { status: response.status, text: await response.text() };
      },
      [`${platform.url}/v1${path}`, body] as const,
    );
  const signup = await post('/auth/signup', { email, password, full_name: 'Site Visitor', company: 'Example' });
  expect(signup.status, signup.text).toBeLessThan(300);
  await expect.poll(() => platform.mails().some((text) => text.includes(email)), { timeout: 10_000 }).toBe(true);
  const mail = platform.mails().find((text) => text.includes(email));
  const token = mail?.replace(/=\r?\n/g, '').match(/token=(?:3D)?([\w-]+)/)?.[1];
  expect(token, 'verification mail with a token').toBeTruthy();
  const verify = await post('/auth/verify-email', { token });
  expect(verify.status, verify.text).toBeLessThan(300);
  const signin = await post('/auth/signin', { email, password });
  expect(signin.status, signin.text).toBe(200);
  return email;
}
