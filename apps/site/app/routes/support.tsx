import { SupportCenter } from '../components/support-center';
import { Island } from '../islands/island';
import { pageMeta } from '../seo';
import type { Route } from './+types/support';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Support Center',
    description: 'Contact the Kaja DNS support team. Our DNS engineers answer around the clock and reply within 24 hours.',
    path: '/support',
  });

export default function Support() {
  return <Island name="support-center" component={SupportCenter} props={{}} />;
}
