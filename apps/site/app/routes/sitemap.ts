import { sitemapXml } from '../seo-files.server';

export function loader() {
  return new Response(sitemapXml(), { headers: { 'content-type': 'application/xml; charset=utf-8' } });
}
