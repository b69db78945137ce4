import { Card, CardDescription, CardHeader, CardTitle } from '@kaja/ui';
import type { ContentEntry } from '../content/entry';
import { useRuntimeConfig } from '../runtime-config';

type GuideSummary = Omit<ContentEntry, 'html' | 'headings'>;

/** The API's overview with this environment's address in it: an island of the pre-rendered page (decision 054). */
export function ApiOverview({ featured }: { featured: GuideSummary[] }) {
  const { apiBaseUrl } = useRuntimeConfig();
  return (
    <div className="max-w-3xl">
      <h1 className="text-4xl font-bold tracking-tight">API Reference</h1>
      <p className="mt-4 text-lg text-muted-foreground">
        Manage zones, records, DNSSEC, API keys and team members programmatically with the Kaja DNS REST API. Requests and responses are JSON.
      </p>

      <section className="mt-10">
        <h2 className="text-2xl font-semibold">Base URL</h2>
        <p className="mt-2 text-muted-foreground">All endpoints of version 1 live under:</p>
        <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
          <code data-testid="api-base-url">{apiBaseUrl}</code>
        </pre>
      </section>

      <section className="mt-10">
        <h2 className="text-2xl font-semibold">Authorization</h2>
        <p className="mt-2 text-muted-foreground">
          Every request carries a customer-scoped API key as a bearer token. A key only reaches the zones of its customer and only does what its scopes allow.
        </p>
        <pre className="mt-3 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
          <code>Authorization: Bearer YOUR_API_KEY</code>
        </pre>
      </section>

      <section className="mt-10">
        <h2 className="text-2xl font-semibold">Quick start</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6">
          <li>Generate an API key in the dashboard under API keys.</li>
          <li>Set the Authorization header on every request.</li>
          <li>Create a zone first.</li>
          <li>Then manage the zone's records.</li>
        </ol>
        <p className="mt-4 text-muted-foreground">
          Create a zone; the answer carries its <code>id</code>:
        </p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
          <code data-testid="quick-start-zone">{`curl -sS -X POST ${apiBaseUrl}/zones \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"name": "example.com"}'`}</code>
        </pre>
        <p className="mt-4 text-muted-foreground">Then add a record to it:</p>
        <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm text-slate-100">
          <code data-testid="quick-start-record">{`curl -sS -X POST ${apiBaseUrl}/zones/ZONE_ID/records \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"type": "A", "name": "www", "content": "192.0.2.10", "ttl": 3600}'`}</code>
        </pre>
      </section>

      <section className="mt-10">
        <h2 className="text-2xl font-semibold">Endpoint reference</h2>
        <p className="mt-2 text-muted-foreground">
          Every endpoint with its parameters, request body and responses is listed in the{' '}
          <a href="/api/reference" className="text-primary underline">
            endpoint reference
          </a>
          , generated from the{' '}
          <a href={`${apiBaseUrl}/openapi.json`} className="text-primary underline">
            OpenAPI document
          </a>
          .
        </p>
      </section>

      {featured.length > 0 && (
        <section className="mt-10">
          <h2 className="text-2xl font-semibold">Featured topics</h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="featured-guides">
            {featured.map((guide) => (
              <li key={guide.slug}>
                <Card className="h-full">
                  <CardHeader>
                    <CardTitle className="text-lg">
                      <a href={`/api/${guide.slug}`} className="hover:underline">
                        {guide.title}
                      </a>
                    </CardTitle>
                    {guide.description && <CardDescription>{guide.description}</CardDescription>}
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
