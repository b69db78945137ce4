import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../test/platform';
import { pageWeight, prerenderedPages } from '../scripts/pageWeight';

// The build the suite's platform serves (test/globalSetup.ts builds it when stale); no browser needed.
const clientDir = join(root, 'apps/site/build/client');
const KB = 1024;
/** What every pre-rendered page may load, gzipped (decisions 054 and 073). */
const budget = 100 * KB;

describe('JavaScript per page', () => {
  const pages = prerenderedPages(clientDir);

  it('finds the pre-rendered pages', () => {
    expect(pages).toContain('/');
    expect(pages).toContain('/docs/zones');
    expect(pages.length).toBeGreaterThan(40);
    // The not-found pages (decision 090) are weighed and held to the budget like the others.
    expect(pages).toContain('404.html');
    expect(pages).toContain('blog/404.html');
  });

  it('keeps every pre-rendered page within its gzipped budget', () => {
    const over = pages
      .map((page) => pageWeight(clientDir, page))
      .filter(({ gzipped }) => gzipped > budget)
      .map(({ page, gzipped, files }) => `${page}: ${(gzipped / KB).toFixed(1)} KB in ${files.length} files`);
    expect(over).toEqual([]);
  });

  it('loads no router on a pre-rendered page: only the islands of the page', () => {
    for (const page of ['/', '/blog/what-is-dns', '/docs/zones', '/status', '404.html', 'blog/404.html']) {
      const { files } = pageWeight(clientDir, page);
      expect(
        files.some((file) => /\/(entry\.client|manifest)-/.test(file)),
        page,
      ).toBe(false);
      expect(
        files.some((file) => /\/hydrate\.client-/.test(file)),
        page,
      ).toBe(true);
    }
  });
});
