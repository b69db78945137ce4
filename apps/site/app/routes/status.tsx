import { statusRegions } from '@kaja/catalog';
import { type Region, StatusBoard } from '../components/status-board';
import { Island } from '../islands/island';
import { pageMeta } from '../seo';
import type { Route } from './+types/status';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'System Status',
    description: 'The current status of the Kaja DNS networks in every region of the world.',
    path: '/status',
  });

export function loader() {
  // By name, as GET /v1/regions lists them: the cards keep their places when the API answers.
  const regions = statusRegions.map(({ name, status, summary }) => ({ name, status, summary })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { regions: regions as Region[] };
}

export default function Status({ loaderData }: Route.ComponentProps) {
  return <Island name="status-board" component={StatusBoard} props={{ regions: loaderData.regions }} />;
}
