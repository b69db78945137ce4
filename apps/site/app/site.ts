/** Facts about the company and the public site that pages and build-time files share. */
export const site = {
  name: 'Kaja DNS',
  // The public address of the marketing site, for canonical links, Open Graph, sitemap and feed.
  url: (import.meta.env.VITE_SITE_URL as string | undefined)?.replace(/\/+$/, '') || 'https://kaja.dns',
  company: 'Kaja DNS OÜ',
  country: 'Estonia',
  supportEmail: 'support@kaja.dns',
  privacyEmail: 'privacy@kaja.dns',
  social: { name: 'LinkedIn', url: 'https://www.linkedin.com/company/kajadns' },
} as const;
