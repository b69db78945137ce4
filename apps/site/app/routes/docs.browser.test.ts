import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { content, open, platform, screenshots, test } from '../../test/sitePages';

describe('documentation', () => {
  const sortedDocs = () => content('docs').sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));

  test('has a sidebar sorted by order then title, and a table of contents closing on an outside click', async ({ newPage }) => {
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

  test('toggles the sidebar with ctrl+b and cmd+b and keeps the state in a cookie for 7 days', async ({ newPage }) => {
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

  test("says 'Document not found.' with a link back to /docs for an unknown slug", async ({ newPage }) => {
    const { page } = await newPage();
    await open(page, '/docs/no-such-doc');
    await expect.poll(() => page.getByText('Document not found.').count()).toBe(1);
    await page.getByRole('link', { name: 'Back to docs' }).click();
    await page.waitForURL(`${platform.url}/docs`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Documentation');
    await page.context().close();
  });
});
