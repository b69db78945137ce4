import { Badge } from '@kaja/ui';
import type { Endpoint, ResourceGroup } from '../openapi';

/** What the index shows of an endpoint: its line. */
export type EndpointLine = Pick<Endpoint, 'id' | 'method' | 'path' | 'summary'>;

const methodColours: Record<string, string> = {
  GET: 'bg-blue-100 text-blue-900',
  POST: 'bg-green-100 text-green-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-amber-100 text-amber-900',
  DELETE: 'bg-red-100 text-red-900',
};

function Fields({ caption, rows }: { caption: string; rows: { name: string; type: string; required: boolean; description: string; in?: string }[] }) {
  if (rows.length === 0) return null;
  return (
    <table className="mt-3 w-full text-left text-sm">
      <caption className="mb-1 text-left font-semibold">{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.in ?? ''}${row.name}`} className="border-t border-border align-top">
            <td className="py-1.5 pr-3 font-mono">
              {row.name}
              {row.required && <span className="text-red-700"> *</span>}
            </td>
            <td className="py-1.5 pr-3 font-mono text-muted-foreground">{row.in ? `${row.in}, ${row.type}` : row.type}</td>
            <td className="py-1.5">{row.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MethodBadge({ method }: { method: string }) {
  return <span className={`rounded px-2 py-0.5 font-bold ${methodColours[method] ?? 'bg-muted'}`}>{method}</span>;
}

function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  return (
    // Laid out only near the screen (decision 082), except the sections before the one an address names: sized by the
    // estimate until then, they moved that endpoint down the page once they were laid out (decision 088).
    <section
      id={endpoint.id}
      className="rounded-lg border border-border p-4 [contain-intrinsic-size:auto_240px] [content-visibility:auto] [&:has(~_:target)]:[content-visibility:visible]"
      data-testid="endpoint"
    >
      <h2 className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <MethodBadge method={endpoint.method} />
        <span className="break-all">{endpoint.path}</span>
      </h2>
      {endpoint.summary && <p className="mt-2 font-medium">{endpoint.summary}</p>}
      {endpoint.description && <p className="mt-1 text-sm text-muted-foreground">{endpoint.description}</p>}
      <Fields caption="Parameters" rows={endpoint.parameters} />
      <Fields caption="Request body" rows={endpoint.body} />
      {endpoint.responses.length > 0 && (
        <div className="mt-3 flex flex-wrap gap-2 text-sm">
          {endpoint.responses.map((response) => (
            <Badge key={response.status} variant="outline" title={response.description}>
              {response.status} {response.description}
            </Badge>
          ))}
        </div>
      )}
    </section>
  );
}

/** Where an endpoint is described: on its resource's page, under the anchor it has always had. */
const endpointHref = (resource: string, endpoint: EndpointLine) => `/api/reference/${resource}#${endpoint.id}`;

/**
 * One resource's endpoints, pre-rendered: the reference is built from the document the API of the same version
 * serves (decision 082), one page per resource (decision 088), so it needs no script and no download of the
 * document in the browser.
 */
export function ResourceEndpoints({ group }: { group: ResourceGroup }) {
  return (
    <div className="mt-8 space-y-4">
      {group.endpoints.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} />
      ))}
    </div>
  );
}

/**
 * Every endpoint of the API by resource, one line each, linking to where it is described. Each line carries the
 * endpoint's anchor, so an address from when the reference was one page (`/api/reference#get-v1-zones`) still lands
 * on the endpoint's line, and `endpoint-anchor.client.ts` follows its link.
 */
export function EndpointIndex({ groups }: { groups: (Omit<ResourceGroup, 'endpoints'> & { endpoints: EndpointLine[] })[] }) {
  return groups.map((group) => (
    <section key={group.resource} className="mt-10" data-testid="resource">
      <h2 className="text-2xl font-semibold">
        <a href={`/api/reference/${group.resource}`} className="hover:underline">
          {group.title}
        </a>
      </h2>
      <ul className="mt-3 space-y-1 text-sm">
        {group.endpoints.map((endpoint) => (
          <li key={endpoint.id} id={endpoint.id} data-endpoint-entry="">
            <a href={endpointHref(group.resource, endpoint)} className="inline-flex flex-wrap items-center gap-2 font-mono hover:underline">
              <MethodBadge method={endpoint.method} />
              <span className="break-all">{endpoint.path}</span>
            </a>
            {endpoint.summary && <span className="ml-2 text-muted-foreground">{endpoint.summary}</span>}
          </li>
        ))}
      </ul>
    </section>
  ));
}
