import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { content, open, platform, screenshots, test } from '../../test/sitePages';
import { blogSlugs } from '../../test/blogSlugs';

describe('blog and learning center', () => {
  test('lists the 14 articles newest first and opens each with title, description, date, tags and a back button', async ({ newPage }) => {
    const { page } = await newPage();
    await open(page, '/blog');
    const hrefs = await page
      .getByTestId('post-list')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect([...hrefs].sort()).toEqual(blogSlugs.map((slug) => `/blog/${slug}`));
    const dates = await page
      .getByTestId('post-list')
      .locator('time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!));
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

  test('says Post Not Found for an unknown slug, with a Back to Blog button', async ({ newPage }) => {
    const { page } = await newPage();
    const response = await open(page, '/blog/no-such-post');
    expect(response.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { name: 'Post Not Found' }).count()).toBe(1);
    expect(await page.getByText("The post you're looking for doesn't exist.").count()).toBe(1);
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL(`${platform.url}/blog`);
    await page.context().close();
  });

  test('has a Learning Center with the getting-started guide and a sidebar of guides', async ({ newPage }) => {
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

describe('an article at desktop width', () => {
  test('shows its title, header and text in a readable column, nothing cut off or sideways, as the screenshot records', async ({ newPage }) => {
    const { page, errors } = await newPage();
    await open(page, '/blog/what-is-dns');
    const post = content('blog').find((entry) => entry.slug === 'what-is-dns')!;
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(post.title);
    const article = page.locator('article');
    expect(await article.locator('header').textContent()).toContain(post.description);
    expect((await article.locator('p').allTextContents()).join(' ').length).toBeGreaterThan(500);
    // A measure a reader's eye can follow: the text column is centred and narrower than the window.
    const box = (await article.boundingBox())!;
    expect(box.width).toBeLessThan(900);
    expect(Math.abs(box.x + box.width / 2 - 640)).toBeLessThan(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    for (const landmark of ['banner', 'main', 'contentinfo'] as const) expect(await page.getByRole(landmark).isVisible(), landmark).toBe(true);
    const shot = await page.screenshot({ path: join(screenshots, 'article-desktop.png'), fullPage: true });
    // The picture is the whole page at desktop width (PNG header: width, height).
    expect(shot.readUInt32BE(16)).toBe(1280);
    expect(shot.readUInt32BE(20)).toBe(await page.evaluate(() => document.documentElement.scrollHeight));
    // Signed out, the session check answers 401; nothing else may fail.
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
  });
});
