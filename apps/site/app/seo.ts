import type { MetaDescriptor } from 'react-router';
import { site } from './site';

/** Title, description, canonical address and Open Graph tags of one page. */
export function pageMeta({
  title,
  description,
  path,
  type = 'website',
}: {
  title: string;
  description: string;
  path: string;
  type?: 'website' | 'article';
}): MetaDescriptor[] {
  const url = `${site.url}${path === '/' ? '/' : path}`;
  const fullTitle = title === site.name ? title : `${title} | ${site.name}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary' },
  ];
}
