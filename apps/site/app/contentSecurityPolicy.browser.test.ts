import { describe, expect } from 'vitest';
import { html, open, platform, test } from '../test/sitePages';

/** What the page reported as blocked by its Content-Security-Policy, recorded before any of its scripts run. */
const recordViolations = `
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__violations.push(event.violatedDirective + ' ' + (event.blockedURI || 'inline') + ' ' + (event.sample || ''));
  });
`;

describe('Content-Security-Policy', () => {
  const pages = [
    '/',
    '/blog',
    '/blog/what-is-dns',
    '/learning/getting-started',
    '/docs/zones',
    '/api',
    '/api/reference',
    '/api/reference/zones',
    '/support',
    '/status',
    '/privacy-policy',
    '/no/such/page',
    '/blog/no-such-post',
  ];

  test('every page is sent with a policy without unsafe-inline scripts', async () => {
    for (const path of pages) {
      const { headers } = await html(path);
      const policy = headers.get('content-security-policy') ?? '';
      const scripts = policy.split(';').find((directive) => directive.trim().startsWith('script-src'))!;
      // A pre-rendered page, the not-found pages included (decision 090), has no inline script at all (its islands'
      // script is a file, decision 054).
      expect(scripts, path).toMatch(/^\s*script-src 'self'$/);
      expect(policy, path).toContain("frame-ancestors 'none'");
    }
  });

  test('every page hydrates under its policy with nothing blocked', async ({ newPage }) => {
    const { page, context, errors } = await newPage();
    await context.addInitScript(recordViolations);
    for (const path of pages) {
      await open(page, path);
      // React marks the document once it listens on it: the islands have hydrated.
      await expect.poll(() => page.evaluate(() => Object.keys(document).some((key) => key.startsWith('_reactListening'))), { message: path }).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations), path).toEqual([]);
    }
    expect(errors.filter((error) => /Content Security Policy|Refused to/i.test(error))).toEqual([]);
  });

  test('an injected inline script does not run', async ({ newPage }) => {
    const { page, context } = await newPage();
    await context.addInitScript(recordViolations);
    await open(page, '/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations.length)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  });

  test('the site opens the brand icon at /favicon.ico', async () => {
    const response = await fetch(`${platform.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=2592000');
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });
});
