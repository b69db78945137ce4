import { describe, expect } from 'vitest';
import { content, html, platform, test } from '../test/sitePages';
import { blogSlugs } from '../test/blogSlugs';
import { endpoints, groupByResource, type OpenApiDocument } from './openapi';

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
    ['/api/reference', 'Every endpoint of the API by resource'],
    ['/api/reference/zones', 'The endpoints under <code>/v1/zones</code>'],
    ['/api/authentication', content('api').find((guide) => guide.slug === 'authentication')!.title],
    ['/privacy-policy', 'your account exists plus 7 years'],
    ['/terms-of-service', '99.99% uptime'],
    ['/cookie-policy', 'sidebar_state'],
    ['/support', 'Support Center'],
    ['/status', 'System Status'],
  ] as const;

  test('serves every public page as HTML with its text, a unique title, description, Open Graph tags and canonical URL', async () => {
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

  test('pre-renders every article of the content folders', async () => {
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

  test('generates sitemap.xml, robots.txt and the RSS feed of the blog', async () => {
    const sitemap = await html('/sitemap.xml');
    const apiDocument = (await (await fetch(`${platform.url}/v1/openapi.json`)).json()) as OpenApiDocument;
    expect(sitemap.status).toBe(200);
    for (const slug of blogSlugs) expect(sitemap.text).toContain(`/blog/${slug}</loc>`);
    for (const doc of content('docs')) expect(sitemap.text).toContain(`/docs/${doc.slug}</loc>`);
    expect(sitemap.text).toContain('/privacy-policy</loc>');
    expect(sitemap.text).toContain('/api/reference</loc>');
    for (const group of groupByResource(endpoints(apiDocument))) expect(sitemap.text).toContain(`/api/reference/${group.resource}</loc>`);

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
