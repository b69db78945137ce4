import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFrontMatter } from '../app/content/entry';
import { launchBrowser } from './browser';
import { type Platform, root, startPlatform } from './platform';
import { blogSlugs } from './blogSlugs';

// The app the redirect pages send visitors to; requests to it are answered inside the browser.
const APP_URL = 'http://app.kaja.test';
const SUPPORT_EMAIL = 'help@kaja.test';
const screenshots = join(root, 'apps/site/test-results');
const execFileAsync = promisify(execFile);


const content = (folder: string) =>
  readdirSync(join(root, 'apps/site/content', folder))
    .filter((file) => file.endsWith('.md'))
    .map((file) => readFrontMatter(file, readFileSync(join(root, 'apps/site/content', folder, file), 'utf8')));

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform({ APP_URL, SUPPORT_EMAIL }), launchBrowser()]);
  mkdirSync(screenshots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function newPage(options: { width?: number; context?: BrowserContext } = {}) {
  const context = options.context ?? (await browser.newContext({ viewport: { width: options.width ?? 1280, height: 900 } }));
  await context.route(`${APP_URL}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Kaja DNS app</h1>' }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors };
}

const open = async (page: Page, path: string) => {
  const response = await page.goto(`${platform.url}${path}`, { waitUntil: 'networkidle' });
  return response!;
};

const html = async (path: string) => {
  const response = await fetch(`${platform.url}${path}`);
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '' };
};

/** How far from the top of the window an element starts (below the 64 px sticky header when scrolled to). */
const topOf = (page: Page, id: string) => page.evaluate((elementId) => document.getElementById(elementId)!.getBoundingClientRect().top, id);

/** Scrolled to an anchor: its section starts right below the header, or the page is at its end (the last section). */
const scrolledTo = (page: Page, id: string) =>
  page.evaluate((elementId) => {
    const top = document.getElementById(elementId)!.getBoundingClientRect().top;
    const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    return top >= 0 && (top < 100 || (atEnd && top < window.innerHeight / 2));
  }, id);

/** Signs a new customer up, verifies the mailed token and signs in, all from a site page as a visitor's browser would. */
async function signUpAndSignIn(page: Page) {
  const email = `visitor-${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  if (!page.url().startsWith(platform.url)) await open(page, '/status');
  const post = (path: string, body: unknown) =>
    page.evaluate(
      async ([url, data]) => {
        const response = await fetch(url, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) });
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

describe('pre-rendered pages', () => {
  const pages = [
    ['/', 'Managed DNS hosting, made in the EU'],
    ['/blog', 'DNS Guides'],
    ['/blog/what-is-dns', 'What Is DNS?'],
    ['/learning', 'Learning Center'],
    ['/learning/getting-started', content('learning')[0]!.title],
    ['/docs', 'Documentation'],
    ['/docs/zones', 'Creating a zone'],
    ['/api', 'Generate an API key in the dashboard under API keys.'],
    ['/api/authentication', content('api').find((guide) => guide.slug === 'authentication')!.title],
    ['/privacy-policy', 'your account exists plus 7 years'],
    ['/terms-of-service', '99.99% uptime'],
    ['/cookie-policy', 'sidebar_state'],
    ['/support', 'Support Center'],
    ['/status', 'System Status'],
  ] as const;

  it('serves every public page as HTML with its text, a unique title, description, Open Graph tags and canonical URL', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const [path, text] of pages) {
      const page = await html(path);
      expect(page.status, path).toBe(200);
      expect(page.type, path).toContain('text/html');
      expect(page.text.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&'), path).toContain(text);
      const title = page.text.match(/<title>([^<]+)<\/title>/)?.[1];
      const description = page.text.match(/<meta name="description" content="([^"]+)"/)?.[1];
      expect(title, path).toBeTruthy();
      expect(description, path).toBeTruthy();
      titles.add(title!);
      descriptions.add(description!);
      expect(page.text, path).toMatch(/<meta property="og:title" content="[^"]+"/);
      expect(page.text, path).toMatch(/<meta property="og:description" content="[^"]+"/);
      expect(page.text, path).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path === '/' ? '/' : path}"`));
    }
    expect(titles.size).toBe(pages.length);
    expect(descriptions.size).toBe(pages.length);
  });

  it('pre-renders every article of the content folders', async () => {
    for (const [folder, prefix] of [
      ['blog', '/blog'],
      ['learning', '/learning'],
      ['docs', '/docs'],
      ['api', '/api'],
    ] as const) {
      for (const entry of content(folder)) {
        const page = await html(`${prefix}/${entry.slug}`);
        expect(page.status, `${prefix}/${entry.slug}`).toBe(200);
        expect(page.text).toContain(`<title>`);
      }
    }
  });

  it('generates sitemap.xml, robots.txt and the RSS feed of the blog', async () => {
    const sitemap = await html('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    for (const slug of blogSlugs) expect(sitemap.text).toContain(`/blog/${slug}</loc>`);
    for (const doc of content('docs')) expect(sitemap.text).toContain(`/docs/${doc.slug}</loc>`);
    expect(sitemap.text).toContain('/privacy-policy</loc>');

    const robots = await html('/robots.txt');
    expect(robots.text).toMatch(/^User-agent: \*$/m);
    expect(robots.text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);

    const rss = await html('/rss.xml');
    expect(rss.text).toContain('<rss version="2.0"');
    const links = [...rss.text.matchAll(/<link>[^<]*\/blog\/([^<]+)<\/link>/g)].map((match) => match[1]);
    expect(links).toHaveLength(14);
    const dates = content('blog').map((post) => [post.slug, post.date!] as const);
    expect(links).toEqual([...dates].sort((a, b) => b[1].localeCompare(a[1])).map(([slug]) => slug));
  });
});

describe('landing page', () => {
  it('shows hero, features, pricing from the API and about, and scrolls to the anchors from the header', async () => {
    const { page, errors } = await newPage();
    await open(page, '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Managed DNS hosting, made in the EU');
    for (const feature of ['Zone and record management', 'Team accounts', 'API key management', 'DNSSEC signing', 'Audit logging', 'Two anycast networks', '30+ locations', 'Under 20 ms', '24/7 expert support']) {
      await expect.poll(() => page.locator('#features').getByText(feature, { exact: true }).count(), { message: feature }).toBe(1);
    }
    const pro = page.getByTestId('plan-pro');
    expect(await pro.textContent()).toContain('Most popular');
    expect(await pro.textContent()).toContain('€19.95');
    expect(await page.getByTestId('plan-nano').textContent()).toContain('€4.95');
    expect(await page.getByTestId('plan-nano').textContent()).not.toContain('Most popular');
    const scale = page.getByTestId('plan-scale');
    expect(await scale.textContent()).toContain('24/7 dedicated support');
    expect(await scale.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe('/support');
    expect(await page.locator('#about').textContent()).toContain('Estonia');

    for (const [label, id] of [
      ['Pricing', 'pricing'],
      ['About', 'about'],
      ['Features', 'features'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
      await page.waitForURL(`${platform.url}/#${id}`);
      await expect.poll(() => scrolledTo(page, id), { message: label }).toBe(true);
    }
    await page.screenshot({ path: join(screenshots, 'landing-desktop.png'), fullPage: true });
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
    await page.context().close();
  });

  it('scrolls to an anchor 100 ms after arriving from another page', async () => {
    const { page } = await newPage();
    await open(page, '/blog');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${platform.url}/#pricing`);
    await expect.poll(() => topOf(page, 'pricing')).toBeLessThan(100);
    expect(await topOf(page, 'pricing')).toBeGreaterThanOrEqual(0);
    await page.context().close();
  });

  it('refreshes the plan cards from GET /v1/plans', async () => {
    const { page } = await newPage();
    const plans = page.waitForResponse((response) => response.url() === `${platform.url}/v1/plans` && response.status() === 200);
    await open(page, '/');
    const body = await (await plans).json();
    expect(body.status).toBe('success');
    expect(body.data.map((plan: { name: string }) => plan.name)).toEqual(['Nano', 'Pro', 'Scale']);
    await page.context().close();
  });
});

describe('header, trial button and session', () => {
  it('signed out: Features, Pricing, About, Guides to /blog, API, Login, Sign Up; Start Free Trial goes to /auth', async () => {
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

  it('signed in: Dashboard, Guides to /docs, API, Logout and the welcome line; Start Free Trial goes to /trial; Logout signs out', async () => {
    const { page, context } = await newPage();
    const email = await signUpAndSignIn(page);
    await open(page, '/');
    await expect.poll(() => page.getByTestId('welcome').first().textContent()).toBe(`Welcome, ${email}`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Guides', 'API']);
    expect(await nav.getByRole('link', { name: 'Guides' }).getAttribute('href')).toBe('/docs');
    expect(await page.getByTestId('trial-button').first().getAttribute('href')).toBe('/trial');

    const signout = page.waitForResponse((response) => response.url().endsWith('/v1/auth/signout'));
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    expect((await signout).status()).toBeLessThan(300);
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

  it('has a footer with Product, Company and Support columns, a social link and the copyright line', async () => {
    const { page } = await newPage();
    await open(page, '/status');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('heading').allTextContents()).toEqual(['Product', 'Company', 'Support']);
    expect(await footer.getByRole('link', { name: /LinkedIn/ }).getAttribute('href')).toMatch(/^https:\/\/www\.linkedin\.com\//);
    expect(await footer.textContent()).toMatch(new RegExp(`© ${new Date().getFullYear()} Kaja DNS OÜ`));
    await page.context().close();
  });

  it('shows no environment banner in production', async () => {
    const { page } = await newPage();
    await open(page, '/');
    expect(await page.getByTestId('environment-banner').count()).toBe(0);
    await page.context().close();
  });
});

describe('blog and learning center', () => {
  it('lists the 14 articles newest first and opens each with title, description, date, tags and a back button', async () => {
    const { page } = await newPage();
    await open(page, '/blog');
    const hrefs = await page.getByTestId('post-list').getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect([...hrefs].sort()).toEqual(blogSlugs.map((slug) => `/blog/${slug}`));
    const dates = await page.getByTestId('post-list').locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
    expect(dates).toEqual([...dates].sort().reverse());

    const post = content('blog').find((entry) => entry.slug === hrefs[0]!.slice('/blog/'.length))!;
    await page.getByTestId('post-list').getByRole('link').first().click();
    await page.waitForURL(`${platform.url}/blog/${post.slug}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(post.title);
    expect(await page.locator('article header').textContent()).toContain(post.description);
    expect(await page.locator('article time').getAttribute('datetime')).toBe(post.date);
    for (const tag of post.tags) expect(await page.locator('article header').getByText(tag, { exact: true }).count()).toBe(1);
    expect(await page.title()).toBe(`${post.title} | Kaja DNS`);
    await page.getByRole('link', { name: 'Back to Blog' }).first().click();
    await page.waitForURL(`${platform.url}/blog`);
    await page.context().close();
  });

  it('says Post Not Found for an unknown slug, with a Back to Blog button', async () => {
    const { page } = await newPage();
    const response = await open(page, '/blog/no-such-post');
    expect(response.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'Post Not Found' }).count()).toBe(1);
    expect(await page.getByText("The post you're looking for doesn't exist.").count()).toBe(1);
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL(`${platform.url}/blog`);
    await page.context().close();
  });

  it('has a Learning Center with the getting-started guide and a sidebar of guides', async () => {
    const { page } = await newPage();
    const guide = content('learning').find((entry) => entry.slug === 'getting-started')!;
    await open(page, '/learning');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Learning Center');
    await page.getByRole('link', { name: guide.title }).click();
    await page.waitForURL(`${platform.url}/learning/getting-started`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(guide.title);
    expect(await page.getByRole('navigation', { name: 'Guides' }).getByRole('link').count()).toBe(content('learning').length);

    await open(page, '/learning/no-such-guide');
    await expect.poll(() => page.getByRole('heading', { name: 'Article Not Found' }).count()).toBe(1);
    expect(await page.getByText("The article you're looking for doesn't exist.").count()).toBe(1);
    await page.context().close();
  });
});

describe('documentation', () => {
  const sortedDocs = () => content('docs').sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));

  it('has a sidebar sorted by order then title, and a table of contents closing on an outside click', async () => {
    const { page } = await newPage();
    await open(page, '/docs/zones');
    const sidebar = page.locator('[data-sidebar="sidebar"]');
    expect(await sidebar.getByRole('link').allTextContents()).toEqual(sortedDocs().map((doc) => doc.title));
    expect((await sidebar.boundingBox())!.width).toBe(256);

    await page.getByRole('button', { name: 'On this page' }).click();
    const toc = page.getByTestId('toc');
    await expect.poll(() => toc.isVisible()).toBe(true);
    expect(await toc.getByRole('link', { name: 'Creating a zone' }).count()).toBe(1);
    await page.mouse.click(900, 600);
    await expect.poll(() => toc.count()).toBe(0);
    await page.screenshot({ path: join(screenshots, 'docs-desktop.png') });
    await page.context().close();
  });

  it('toggles the sidebar with ctrl+b and cmd+b and keeps the state in a cookie for 7 days', async () => {
    const { page, context } = await newPage();
    await open(page, '/docs/introduction');
    const sidebar = page.locator('[data-sidebar="sidebar"]');
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');

    await page.keyboard.press('Control+b');
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('collapsed');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(48);
    const cookie = (await context.cookies()).find((entry) => entry.name === 'sidebar_state')!;
    expect(cookie.value).toBe('false');
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('collapsed');

    await page.keyboard.press('Meta+b');
    await expect.poll(() => sidebar.getAttribute('data-state')).toBe('expanded');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(256);
    expect((await context.cookies()).find((entry) => entry.name === 'sidebar_state')!.value).toBe('true');
    await context.close();
  });

  it("says 'Document not found.' with a link back to /docs for an unknown slug", async () => {
    const { page } = await newPage();
    await open(page, '/docs/no-such-doc');
    await expect.poll(() => page.getByText('Document not found.').count()).toBe(1);
    await page.getByRole('link', { name: 'Back to docs' }).click();
    await page.waitForURL(`${platform.url}/docs`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Documentation');
    await page.context().close();
  });
});

describe('API reference', () => {
  it('shows the base URL, bearer authorization, the quick start and the first 4 guides as featured topics', async () => {
    const { page } = await newPage();
    await open(page, '/api');
    await expect.poll(() => page.getByTestId('api-base-url').textContent()).toBe(`${platform.url}/v1`);
    expect(await page.locator('main').textContent()).toContain('Authorization: Bearer YOUR_API_KEY');
    for (const step of ['Generate an API key in the dashboard under API keys.', 'Set the Authorization header on every request.', 'Create a zone first.']) {
      expect(await page.getByText(step).count(), step).toBe(1);
    }
    const guides = content('api').sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
    expect(await page.getByTestId('featured-guides').getByRole('link').allTextContents()).toEqual(guides.slice(0, 4).map((guide) => guide.title));
    await page.context().close();
  });

  it('runs the quick start as written: its curl commands create a zone and a record with a new API key', async () => {
    const { page } = await newPage();
    await signUpAndSignIn(page);
    const created = await page.evaluate(async (base) => {
      const session = await (await fetch(`${base}/auth/session`, { credentials: 'include' })).json();
      const response = await fetch(`${base}/users/${session.data.user.id}/apikeys`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'quick start', scopes: ['zones:write', 'records:write'] }),
      });
      return { status: response.status, body: await response.json() };
    }, `${platform.url}/v1`);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const apiKey: string = created.body.data.key;

    await open(page, '/api');
    await expect.poll(() => page.getByTestId('quick-start-zone').textContent()).toContain(`${platform.url}/v1/zones`);
    const run = async (testId: string, values: Record<string, string>) => {
      let command = (await page.getByTestId(testId).textContent())!;
      for (const [placeholder, value] of Object.entries(values)) command = command.replaceAll(placeholder, value);
      const { stdout } = await execFileAsync('sh', ['-c', command]);
      return JSON.parse(stdout);
    };
    const zone = await run('quick-start-zone', { YOUR_API_KEY: apiKey });
    expect(zone.status, JSON.stringify(zone)).toBe('success');
    expect(zone.data.name).toMatch(/^example\.com\.?$/);
    const record = await run('quick-start-record', { YOUR_API_KEY: apiKey, ZONE_ID: zone.data.id });
    expect(record.status, JSON.stringify(record)).toBe('success');
    expect(JSON.stringify(record.data)).toContain('192.0.2.10');
    await page.context().close();
  });

  it('groups the guides in the sidebar by category and says API guide not found for an unknown slug', async () => {
    const { page } = await newPage();
    await open(page, '/api/zones');
    const sidebar = page.locator('[data-sidebar="sidebar"]');
    const groups = await sidebar.locator('div.uppercase, div[class*="uppercase"]').allTextContents();
    const categories = ['Foundations', 'Core Resources', 'Account Management', 'General'].filter((category) =>
      content('api').some((guide) => guide.category === category),
    );
    expect(groups).toEqual(['API Reference', ...categories]);
    await open(page, '/api/no-such-guide');
    await expect.poll(() => page.getByText('API guide not found').count()).toBe(1);
    await page.context().close();
  });

  it('renders the endpoint reference from the OpenAPI document', async () => {
    const { page } = await newPage();
    await open(page, '/api/reference');
    await expect.poll(() => page.getByTestId('endpoint').count(), { timeout: 10_000 }).toBeGreaterThan(3);
    expect(await page.locator('main').textContent()).toContain('/v1/plans');
    expect(await page.getByRole('link', { name: 'OpenAPI document' }).getAttribute('href')).toBe(`${platform.url}/v1/openapi.json`);
    await page.context().close();
  });
});

describe('legal pages', () => {
  const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date());

  it.each([
    ['/terms-of-service', 'Terms of Service', ['99.99% uptime', 'within 14 days', '30 days after its due date', "30 days' written notice", 'fees you paid to us in the 12 months', 'at least 18 years old', 'euros (EUR) and include VAT', 'monthly or annually in advance']],
    ['/privacy-policy', 'Privacy Policy', ['as long as your account exists plus 7 years']],
    ['/cookie-policy', 'Cookie Policy', ['sidebar_state', '7 days']],
  ])('%s shows today as Last updated and its terms', async (path, title, texts) => {
    const { page } = await newPage();
    await open(page, path);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByTestId('last-updated').textContent()).toBe(`Last updated: ${today}`);
    const text = await page.locator('main').textContent();
    for (const expected of texts) expect(text, expected).toContain(expected);
    await page.context().close();
  });
});

describe('support form', () => {
  async function fill(page: Page, message: { name: string; email: string; subject: string; message: string }) {
    await page.getByLabel('Name *').fill(message.name);
    await page.getByLabel('Email *').fill(message.email);
    await page.getByLabel('Subject *').fill(message.subject);
    await page.getByLabel('Message *').fill(message.message);
  }

  it('marks every field required, sends to POST /v1/support showing Sending..., then confirms and clears the form', async () => {
    const { page } = await newPage();
    await open(page, '/support');
    for (const label of ['Name *', 'Email *', 'Subject *', 'Message *']) expect(await page.getByLabel(label).getAttribute('required')).toBe('');
    expect(await page.getByLabel('Email *').getAttribute('type')).toBe('email');

    // Hold the request briefly so the sending state can be seen; it still goes to the real API.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/support', async (route) => {
      await held;
      await route.continue();
    });
    await fill(page, { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'DNSSEC question', message: 'How long does DS propagation take?' });
    const request = page.waitForRequest('**/v1/support');
    const response = page.waitForResponse('**/v1/support');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect.poll(() => sending.isDisabled()).toBe(true);
    release();
    expect((await request).postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'DNSSEC question',
      message: 'How long does DS propagation take?',
      source: `${platform.url}/support`,
    });
    expect((await response).status()).toBeLessThan(300);
    await expect.poll(() => page.getByText('Message sent successfully!').count()).toBe(1);
    expect(await page.getByText("We'll get back to you within 24 hours.").count()).toBeGreaterThan(0);
    for (const label of ['Name *', 'Email *', 'Subject *', 'Message *']) expect(await page.getByLabel(label).inputValue()).toBe('');
    await page.context().close();
  });

  it("shows the server's error message when the API rejects the message", async () => {
    const { page } = await newPage();
    await open(page, '/support');
    await fill(page, { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'x'.repeat(20_000) });
    const response = page.waitForResponse('**/v1/support');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const body = await (await response).json();
    expect(body.status).toBe('error');
    expect(body.error.message).toBeTruthy();
    await expect.poll(() => page.getByText('Error sending message').count()).toBe(1);
    expect(await page.getByText(body.error.message).count()).toBe(1);
    expect(await page.getByLabel('Subject *').inputValue()).toBe('Hi');
    await page.context().close();
  });

  it('falls back to the support address when no server message arrives', async () => {
    const { page } = await newPage();
    await open(page, '/support');
    await page.route('**/v1/support', (route) => route.abort('connectionrefused'));
    await fill(page, { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Error sending message').count()).toBe(1);
    expect(await page.getByText(`Please try again or email us directly at ${SUPPORT_EMAIL}`).count()).toBe(1);
    await page.context().close();
  });
});

describe('status page', () => {
  it('shows the regions from GET /v1/regions with the legend colours and texts', async () => {
    const { page } = await newPage();
    const regions = page.waitForResponse((response) => response.url() === `${platform.url}/v1/regions`);
    await open(page, '/status');
    const served = (await (await regions).json()).data as { name: string; status: string }[];
    expect(served.length).toBeGreaterThan(0);
    const cards = page.getByTestId('region');
    await expect.poll(() => cards.count()).toBe(served.length);
    const label = { online: 'Online', offline: 'Offline', NA: 'N/A' } as Record<string, string>;
    for (const region of served) {
      const card = cards.filter({ hasText: region.name });
      expect(await card.textContent()).toContain(label[region.status] ?? 'Unknown');
    }
    expect(await page.getByTestId('regions').textContent()).toContain('Africa');
    const legend = page.getByTestId('legend').locator('li');
    expect(await legend.allTextContents()).toEqual(['Online', 'Offline', 'N/A', 'Unknown']);
    const colours = await legend.locator('span').evaluateAll((dots) => dots.map((dot) => getComputedStyle(dot).backgroundColor));
    const [green, red, dark, grey] = colours.map((colour) => colour.match(/[\d.]+/g)!.slice(0, 3).map(Number)) as [[number, number, number], [number, number, number], [number, number, number], [number, number, number]];
    expect(green[1]).toBeGreaterThan(green[0] + 50);
    expect(red[0]).toBeGreaterThan(red[1] + 50);
    expect(Math.max(...dark)).toBeLessThan(60);
    expect(Math.min(...grey)).toBeGreaterThan(120);
    await page.screenshot({ path: join(screenshots, 'status-desktop.png'), fullPage: true });
    await page.context().close();
  });
});

describe('redirects to the app', () => {
  it.each(['/auth', '/login', '/signup', '/dashboard', '/trial'])('%s goes to APP_URL with the same path and query string', async (path) => {
    const prerendered = await html(path);
    expect(prerendered.text).toContain('Redirecting to app...');
    const { page } = await newPage();
    await page.goto(`${platform.url}${path}?next=%2Fzones&plan=pro`);
    await page.waitForURL(`${APP_URL}${path}?next=%2Fzones&plan=pro`);
    await page.context().close();
  });

  it('waits for the environment settings when /config.js arrives after the app has started', async () => {
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

describe('404 page', () => {
  it("answers 404 with 'Oops! Page not found', logs the path and links home", async () => {
    const { page, errors } = await newPage();
    const response = await open(page, '/no/such/page');
    expect(response.status()).toBe(404);
    await expect.poll(() => page.getByText('Oops! Page not found').count()).toBe(1);
    expect(errors.some((error) => error.includes('/no/such/page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${platform.url}/`);
    await page.context().close();
  });
});

describe('phones (375 px)', () => {
  it('fits the landing page, an article, docs and status without sideways scrolling and opens the menu', async () => {
    const { page } = await newPage({ width: 375 });
    for (const [path, name] of [
      ['/', 'landing'],
      ['/blog/what-is-dns', 'article'],
      ['/docs/zones', 'docs'],
      ['/status', 'status'],
    ] as const) {
      await open(page, path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      await page.screenshot({ path: join(screenshots, `${name}-mobile.png`), fullPage: name !== 'docs' });
    }
    await open(page, '/');
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${platform.url}/#pricing`);
    await expect.poll(() => topOf(page, 'pricing')).toBeLessThan(100);
    await page.context().close();
  });

  it('opens the docs sidebar as an 18rem side panel below 768 px', async () => {
    const { page } = await newPage({ width: 375 });
    await open(page, '/docs/zones');
    const panel = page.locator('[data-sidebar="sidebar"][data-mobile="true"]');
    expect(await panel.count()).toBe(0);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect((await panel.boundingBox())!.width).toBe(288);
    const next = content('docs').sort((a, b) => a.order - b.order || a.title.localeCompare(b.title)).find((doc) => doc.slug !== 'zones')!;
    await panel.getByRole('link', { name: next.title, exact: true }).click();
    await page.waitForURL(`${platform.url}/docs/${next.slug}`);
    await expect.poll(() => panel.count()).toBe(0);
    await page.context().close();
  });
});

describe('screenshots', () => {
  it('of an article at desktop width', async () => {
    const { page } = await newPage();
    await open(page, '/blog/what-is-dns');
    await page.screenshot({ path: join(screenshots, 'article-desktop.png'), fullPage: true });
    await page.context().close();
  });
});

describe('sandbox environment', () => {
  it('shows the environment banner when APP_MODE is sandbox', async () => {
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
