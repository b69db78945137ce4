import { describe, expect } from 'vitest';
import { open, test } from '../../test/sitePages';

describe('legal pages', () => {
  // A visitor's day that is never the build's: the page must show it, not the day it was built.
  const visitorsDay = new Date(Date.now() + 400 * 24 * 3600 * 1000);
  const today = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(visitorsDay);

  test.for<[string, string, string[]]>([
    [
      '/terms-of-service',
      'Terms of Service',
      [
        '99.99% uptime',
        'within 14 days',
        '30 days after its due date',
        "30 days' written notice",
        'fees you paid to us in the 12 months',
        'at least 18 years old',
        'euros (EUR) and include VAT',
        'monthly or annually in advance',
      ],
    ],
    [
      '/privacy-policy',
      'Privacy Policy',
      [
        'as long as your account exists plus 7 years',
        'Error reports are deleted after 30 days',
        'we set no cookie, store nothing in your browser, keep no IP address and no identifier',
        'If your browser sends Do Not Track or Global Privacy Control, nothing is sent and nothing is counted',
        'Daily visit statistics are deleted after 25 months',
      ],
    ],
    [
      '/cookie-policy',
      'Cookie Policy',
      ['sidebar_state', '7 days', 'without any cookie or other storage in your browser', 'kept for 25 months', 'Global Privacy Control'],
    ],
  ])('%s shows today as Last updated and its terms', async ([path, title, texts], { newPage }) => {
    const { page } = await newPage();
    await page.clock.setFixedTime(visitorsDay);
    await open(page, path);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    // The pre-rendered page has its build's day; the island puts the visitor's today in its place.
    await expect.poll(() => page.getByTestId('last-updated').textContent(), { timeout: 10_000 }).toBe(`Last updated: ${today}`);
    const text = await page.locator('main').textContent();
    for (const expected of texts) expect(text, expected).toContain(expected);
    await page.context().close();
  });
});
