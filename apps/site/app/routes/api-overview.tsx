import { ApiOverview as Overview } from '../components/api-overview';
import { entries, summary } from '../content/collections.server';
import { Island } from '../islands/island';
import { pageMeta } from '../seo';
import type { Route } from './+types/api-overview';

/** How many guides the overview features. */
export const FEATURED_GUIDES = 4;

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'API Reference',
    description:
      'The Kaja DNS REST API v1: base URL, bearer authorization with customer-scoped API keys, a quick start and guides for zones, records and DNSSEC.',
    path: '/api',
  });

export function loader() {
  return { featured: entries('api').slice(0, FEATURED_GUIDES).map(summary) };
}

export default function ApiOverview({ loaderData: { featured } }: Route.ComponentProps) {
  return <Island name="api-overview" component={Overview} props={{ featured }} />;
}
