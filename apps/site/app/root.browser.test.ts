import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { content, open, platform, screenshots, test, topOf } from '../test/sitePages';

describe('phones (375 px)', () => {
  test('fits the landing page, an article, docs and status without sideways scrolling and opens the menu', async ({ newPage }) => {
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

  test('opens the docs sidebar as an 18rem side panel below 768 px', async ({ newPage }) => {
    const { page } = await newPage({ width: 375 });
    await open(page, '/docs/zones');
    const panel = page.locator('[data-sidebar="sidebar"][data-mobile="true"]');
    expect(await panel.count()).toBe(0);
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect((await panel.boundingBox())!.width).toBe(288);
    const next = content('docs')
      .sort((a, b) => a.order - b.order || a.title.localeCompare(b.title))
      .find((doc) => doc.slug !== 'zones')!;
    await panel.getByRole('link', { name: next.title, exact: true }).click();
    await page.waitForURL(`${platform.url}/docs/${next.slug}`);
    await expect.poll(() => panel.count()).toBe(0);
    await page.context().close();
  });

  test('keeps focus in the docs side panel, closes it with Escape or its Close button, and returns focus to the toggle', async ({ newPage }) => {
    const { page } = await newPage({ width: 375 });
    await open(page, '/docs/zones');
    const panel = page.getByRole('dialog', { name: 'Documentation' });
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    const focusedInPanel = () => page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);
    const toggleFocused = () => page.evaluate(() => document.activeElement?.textContent === 'Toggle sidebar');
    // The whole suite's browsers share the machine: a panel opening or closing is given five seconds, not one.
    const patiently = { timeout: 5000 };

    await toggle.click();
    await expect.poll(() => panel.isVisible(), patiently).toBe(true);
    expect(await focusedInPanel()).toBe(true);
    // Past its last link, focus may leave for the browser's own controls, never for the page behind the panel.
    for (let tab = 0; tab < 30; tab++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement === document.body || document.activeElement?.closest('dialog[open]') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count(), patiently).toBe(0);
    expect(await toggleFocused()).toBe(true);

    // Pressed on the toggle itself: a key press goes wherever focus is at that moment, and what
    // is tested here is that the toggle opens the panel from the keyboard.
    await toggle.press('Enter');
    await expect.poll(() => panel.isVisible(), patiently).toBe(true);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => panel.count(), patiently).toBe(0);
    expect(await toggleFocused()).toBe(true);
    await page.context().close();
  });
});
