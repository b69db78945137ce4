import { AppRedirect as Redirect } from '../components/app-redirect';
import { Island } from '../islands/island';
import type { Route } from './+types/app-redirect';

export const meta: Route.MetaFunction = () => [{ title: 'Redirecting to app... | Kaja DNS' }, { name: 'robots', content: 'noindex' }];

export default function AppRedirect() {
  return <Island name="app-redirect" component={Redirect} props={{}} />;
}
