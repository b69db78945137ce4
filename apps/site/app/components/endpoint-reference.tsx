import { Badge } from '@kaja/ui';
import type { Endpoint, groupByResource } from '../openapi';

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

function EndpointCard({ endpoint }: { endpoint: Endpoint }) {
  return (
    // Laid out only near the screen: the page holds every endpoint, most of them far below it.
    <section
      id={endpoint.id}
      className="rounded-lg border border-border p-4 [contain-intrinsic-size:auto_240px] [content-visibility:auto]"
      data-testid="endpoint"
    >
      <h3 className="flex flex-wrap items-center gap-2 font-mono text-sm">
        <span className={`rounded px-2 py-0.5 font-bold ${methodColours[endpoint.method] ?? 'bg-muted'}`}>{endpoint.method}</span>
        <span className="break-all">{endpoint.path}</span>
      </h3>
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

/**
 * Every endpoint of the API by resource, pre-rendered: the reference page is built from the document
 * the API of the same version serves (decision 082), so it needs no script and no download of the
 * document in the browser.
 */
export function EndpointReference({ groups }: { groups: ReturnType<typeof groupByResource> }) {
  return groups.map((group) => (
    <section key={group.resource} className="mt-10">
      <h2 className="mb-4 text-2xl font-semibold capitalize">{group.resource.replace(/-/g, ' ')}</h2>
      <div className="space-y-4">
        {group.endpoints.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} />
        ))}
      </div>
    </section>
  ));
}
