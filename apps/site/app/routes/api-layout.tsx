import { Outlet, useLocation } from 'react-router';
import { DocsShell } from '../components/docs-shell';
import { Island } from '../islands/island';
import { ApiGuideNotFound } from '../components/not-found-message';
import { entries, groupByCategory } from '../content/collections.server';
import type { Route } from './+types/api-layout';

export function loader() {
  const guides = entries('api').map(({ slug, title, category }) => ({ title, category, to: `/api/${slug}` }));
  return {
    groups: [
      {
        title: 'API Reference',
        items: [
          { title: 'Overview', to: '/api' },
          { title: 'Endpoint reference', to: '/api/reference' },
        ],
      },
      ...groupByCategory(guides).map(({ category, entries: items }) => ({ title: category, items })),
    ],
  };
}

export default function ApiLayout({ loaderData: { groups } }: Route.ComponentProps) {
  return (
    <Island name="docs-shell" component={DocsShell} props={{ label: 'API Reference', groups, path: useLocation().pathname }}>
      <Outlet />
    </Island>
  );
}

// An unknown /api/{slug} fails this layout's data request too, so the not-found text lives here as well.
export const ErrorBoundary = ApiGuideNotFound;
