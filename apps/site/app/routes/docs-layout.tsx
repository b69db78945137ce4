import { Outlet, useLocation } from 'react-router';
import { DocsShell } from '../components/docs-shell';
import { Island } from '../islands/island';
import { DocumentNotFound } from '../components/not-found-message';
import { entries } from '../content/collections.server';
import type { Route } from './+types/docs-layout';

export function loader() {
  return { docs: entries('docs').map(({ slug, title }) => ({ title, to: `/docs/${slug}` })) };
}

export default function DocsLayout({ loaderData: { docs } }: Route.ComponentProps) {
  return (
    <Island
      name="docs-shell"
      component={DocsShell}
      props={{ label: 'Documentation', groups: [{ title: 'Documentation', items: docs }], path: useLocation().pathname }}
    >
      <Outlet />
    </Island>
  );
}

// An unknown /docs/{slug} fails this layout's data request too, so the not-found text lives here as well.
export const ErrorBoundary = DocumentNotFound;
