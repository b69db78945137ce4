import { resourcePaths } from './api-document.server';
import { entries } from './content/collections.server';
import { contentRoutes } from './content/paths';
import { site } from './site';

/** Public pages that are not articles, in the order a visitor meets them. */
export const staticPages = [
  '/',
  '/blog',
  '/learning',
  '/docs',
  '/api',
  '/api/reference',
  ...resourcePaths(),
  '/support',
  '/status',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
];

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char);

export function sitemapXml() {
  const articles = (['blog', 'learning', 'docs', 'api'] as const).flatMap((collection) =>
    entries(collection).map((entry) => ({ path: `${contentRoutes[collection]}/${entry.slug}`, lastmod: entry.date })),
  );
  const urls = [...staticPages.map((path) => ({ path, lastmod: null as string | null })), ...articles]
    .map(({ path, lastmod }) => `  <url><loc>${escapeXml(site.url + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt() {
  return ['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /auth', 'Disallow: /trial', '', `Sitemap: ${site.url}/sitemap.xml`, ''].join('\n');
}

/** RSS 2.0 feed of the blog, newest first. */
export function rssXml() {
  const items = entries('blog')
    .map((post) => {
      const url = `${site.url}/blog/${post.slug}`;
      return [
        '    <item>',
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <description>${escapeXml(post.description)}</description>`,
        post.date ? `      <pubDate>${new Date(`${post.date}T00:00:00Z`).toUTCString()}</pubDate>` : '',
        ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
        '    </item>',
      ]
        .filter(Boolean)
        .join('\n');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${site.name} Guides</title>
    <link>${site.url}/blog</link>
    <description>Guides on DNS from the ${site.name} team.</description>
    <language>en</language>
    <atom:link href="${site.url}/rss.xml" rel="self" type="application/rss+xml"/>
${items}
  </channel>
</rss>
`;
}
