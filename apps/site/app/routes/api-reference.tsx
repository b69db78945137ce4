import islandAssets from 'virtual:island-assets';
import { apiEndpointGroups } from '../api-document.server';
import { EndpointIndex } from '../components/endpoint-reference';
import { OpenApiDocumentLink } from '../components/openapi-document-link';
import { Island } from '../islands/island';
import { pageMeta } from '../seo';
import type { Route } from './+types/api-reference';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Endpoint Reference - API',
    description:
      'Every endpoint of the Kaja DNS API v1 by resource, each page with its parameters, request body and responses, generated from the OpenAPI document.',
    path: '/api/reference',
  });

export function loader() {
  // The index needs each endpoint's line only, not its fields: they stay on the resource's page.
  return {
    groups: apiEndpointGroups().map(({ endpoints, ...group }) => ({
      ...group,
      endpoints: endpoints.map(({ id, method, path, summary }) => ({ id, method, path, summary })),
    })),
  };
}

export default function ApiReference({ loaderData: { groups } }: Route.ComponentProps) {
  // Only the pre-rendering places the script (the browser's build does not know its address).
  const anchorScript = import.meta.env.SSR ? islandAssets.endpointAnchor.module : '';
  return (
    <div className="max-w-4xl">
      <h1 className="text-4xl font-bold tracking-tight">Endpoint Reference</h1>
      <p className="mt-4 text-muted-foreground">
        Every endpoint of the API by resource, generated from the API's own <Island name="openapi-document-link" component={OpenApiDocumentLink} props={{}} />,
        so it matches the API of this version. Each resource's page lists its endpoints with their parameters, request body and responses.
      </p>
      <EndpointIndex groups={groups} />
      {anchorScript && <script type="module" src={anchorScript} />}
    </div>
  );
}
