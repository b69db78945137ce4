import { Link } from 'react-router';
import { site } from '../site';

const columns = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '/#features' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'API Reference', to: '/api' },
      { label: 'System Status', to: '/status' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', to: '/#about' },
      { label: 'Guides', to: '/blog' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'Terms of Service', to: '/terms-of-service' },
      { label: 'Cookie Policy', to: '/cookie-policy' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Support Center', to: '/support' },
      { label: 'Documentation', to: '/docs' },
      { label: 'Learning Center', to: '/learning' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-muted/50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <p className="text-lg font-bold">Kaja DNS</p>
          <p className="mt-2 text-sm text-muted-foreground">Managed DNS hosting from the EU, with DNSSEC and a REST API.</p>
          <a href={site.social.url} className="mt-4 inline-block text-sm font-medium text-primary underline" rel="noopener">
            Follow {site.name} on {site.social.name}
          </a>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-border py-6 text-center text-sm text-muted-foreground">
        © {new Date().getFullYear()} {site.company}, {site.country}. All rights reserved.
      </p>
    </footer>
  );
}
