import { Outlet, useLocation } from 'react-router';
import { DocsShell } from '../components/docs-shell';
import { apiEndpointGroups } from '../api-document.server';
import { Island } from '../islands/island';
import { ApiGuideNotFound, ReferenceResourceNotFound } from '../components/not-found-message';
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
      // Every resource's page of the endpoint reference (decision 088), from any page of the API's documentation, after the guides.
      { title: 'Endpoints', items: apiEndpointGroups().map(({ resource, title }) => ({ title, to: `/api/reference/${resource}` })) },
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

// An unknown /api/{slug} or /api/reference/{resource} fails this layout's data request too, so the not-found text lives here as well.
export function ErrorBoundary() {
  return useLocation().pathname.startsWith('/api/reference/') ? <ReferenceResourceNotFound /> : <ApiGuideNotFound />;
}
