import { data } from 'react-router';
import { apiEndpointGroups } from '../api-document.server';
import { ResourceEndpoints } from '../components/endpoint-reference';
import { notFoundMeta, ReferenceResourceNotFound, sectionNotFound } from '../components/not-found-message';
import { OpenApiDocumentLink } from '../components/openapi-document-link';
import { Island } from '../islands/island';
import { pageMeta } from '../seo';
import type { Route } from './+types/api-reference-resource';

export function loader({ params }: Route.LoaderArgs) {
  const groups = apiEndpointGroups();
  const at = groups.findIndex(({ resource }) => resource === params.resource);
  if (at < 0) throw data(null, { status: 404 });
  // The resources before and after it in the index, to read the reference from one page to the next.
  const neighbour = (index: number) => (groups[index] ? { resource: groups[index].resource, title: groups[index].title } : null);
  return { group: groups[at]!, previous: neighbour(at - 1), next: neighbour(at + 1) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        title: `${loaderData.group.title} - Endpoint Reference - API`,
        description: `The ${loaderData.group.endpoints.length} endpoints of the Kaja DNS API v1 under /v1/${loaderData.group.resource}, with their parameters, request body and responses.`,
        path: `/api/reference/${loaderData.group.resource}`,
      })
    : notFoundMeta(sectionNotFound['api/reference'].title);

function Neighbour({ resource, direction }: { resource: { resource: string; title: string } | null; direction: 'previous' | 'next' }) {
  if (!resource) return <span />;
  return (
    <a href={`/api/reference/${resource.resource}`} rel={direction === 'next' ? 'next' : 'prev'} className="text-primary underline">
      {direction === 'next' ? `${resource.title} →` : `← ${resource.title}`}
    </a>
  );
}

export default function ApiReferenceResource({ loaderData: { group, previous, next } }: Route.ComponentProps) {
  return (
    <div className="max-w-4xl">
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <a href="/api/reference" className="text-primary underline">
          Endpoint Reference
        </a>{' '}
        / {group.title}
      </nav>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">{group.title}</h1>
      <p className="mt-4 text-muted-foreground">
        The endpoints under <code>{`/v1/${group.resource}`}</code>, generated from the API's own{' '}
        <Island name="openapi-document-link" component={OpenApiDocumentLink} props={{}} />, so they match the API of this version. Fields marked * are required.
      </p>
      <ResourceEndpoints group={group} />
      <nav aria-label="Resources" className="mt-10 flex justify-between gap-4 border-t border-border pt-4 text-sm" data-testid="resource-neighbours">
        <Neighbour resource={previous} direction="previous" />
        <Neighbour resource={next} direction="next" />
      </nav>
    </div>
  );
}

export const ErrorBoundary = ReferenceResourceNotFound;
