import { rssXml } from '../seo-files.server';

export function loader() {
  return new Response(rssXml(), { headers: { 'content-type': 'application/rss+xml; charset=utf-8' } });
}
