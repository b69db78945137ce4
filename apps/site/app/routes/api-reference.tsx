import { apiEndpointGroups } from '../api-document.server';
import { EndpointReference } from '../components/endpoint-reference';
import { OpenApiDocumentLink } from '../components/openapi-document-link';
import { Island } from '../islands/island';
import { pageMeta } from '../seo';
import type { Route } from './+types/api-reference';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Endpoint Reference - API',
    description: 'Every endpoint of the Kaja DNS API v1 with its parameters, request body and responses, generated from the OpenAPI document.',
    path: '/api/reference',
  });

export function loader() {
  return { groups: apiEndpointGroups() };
}

export default function ApiReference({ loaderData: { groups } }: Route.ComponentProps) {
  return (
    <div className="max-w-4xl">
      <h1 className="text-4xl font-bold tracking-tight">Endpoint Reference</h1>
      <p className="mt-4 text-muted-foreground">
        Generated from the API's own <Island name="openapi-document-link" component={OpenApiDocumentLink} props={{}} />, so it matches the API of this version.
        Fields marked * are required.
      </p>
      <EndpointReference groups={groups} />
    </div>
  );
}
