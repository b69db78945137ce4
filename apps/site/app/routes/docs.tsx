import { Card, CardDescription, CardHeader, CardTitle } from '@kaja/ui';
import { Link } from 'react-router';
import { entries, summary } from '../content/collections.server';
import { pageMeta } from '../seo';
import type { Route } from './+types/docs';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Documentation',
    description: 'Kaja DNS documentation: zones, records, DNSSEC, API keys, teams, imports, dynamic updates, secondaries, plans and limits.',
    path: '/docs',
  });

export function loader() {
  return { docs: entries('docs').map(summary) };
}

export default function Docs({ loaderData: { docs } }: Route.ComponentProps) {
  return (
    <div className="max-w-4xl">
      <h1 className="text-4xl font-bold tracking-tight">Documentation</h1>
      <p className="mt-4 text-lg text-muted-foreground">Everything about running your DNS on Kaja DNS, from the first zone to DNSSEC and automation.</p>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2">
        {docs.map((doc) => (
          <li key={doc.slug}>
            <Card className="h-full">
              <CardHeader>
                <CardTitle className="text-lg">
                  <Link to={`/docs/${doc.slug}`} className="hover:underline">
                    {doc.title}
                  </Link>
                </CardTitle>
                {doc.description && <CardDescription>{doc.description}</CardDescription>}
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
