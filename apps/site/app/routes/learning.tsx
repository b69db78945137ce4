import { Card, CardDescription, CardHeader, CardTitle } from '@kaja/ui';
import { Link } from 'react-router';
import { entries, summary } from '../content/collections.server';
import { pageMeta } from '../seo';
import type { Route } from './+types/learning';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Learning Center',
    description: 'Step-by-step guides to get started with Kaja DNS: from your first zone to signed, automated DNS.',
    path: '/learning',
  });

export function loader() {
  return { guides: entries('learning').map(summary) };
}

export default function Learning({ loaderData: { guides } }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-16">
      <h1 className="text-4xl font-bold tracking-tight">Learning Center</h1>
      <p className="mt-4 text-lg text-muted-foreground">Guides that take you from zero to a working DNS setup.</p>
      <ul className="mt-10 grid gap-4">
        {guides.map((guide) => (
          <li key={guide.slug}>
            <Card>
              <CardHeader>
                <CardTitle className="text-xl">
                  <Link to={`/learning/${guide.slug}`} className="hover:underline">
                    {guide.title}
                  </Link>
                </CardTitle>
                {guide.description && <CardDescription>{guide.description}</CardDescription>}
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
