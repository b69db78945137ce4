import { robotsTxt } from '../seo-files.server';

export function loader() {
  return new Response(robotsTxt(), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
