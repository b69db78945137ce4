import { SIDEBAR_COOKIE_NAME } from '@kaja/ui';
import { LegalPage } from '../components/legal-page';
import { pageMeta } from '../seo';
import type { Route } from './+types/cookie-policy';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Cookie Policy',
    description: 'Which cookies the Kaja DNS site and dashboard set, what they are for and how long they last.',
    path: '/cookie-policy',
  });

export default function CookiePolicy() {
  return (
    <LegalPage
      title="Cookie Policy"
      intro="We use only the cookies the site and dashboard need to work. We do not use advertising cookies and do not sell data about your visits."
      sections={[
        {
          heading: 'Cookies we set',
          body: (
            <ul>
              <li>
                <strong>Session cookie</strong>: keeps you signed in to the dashboard; it is removed when you log out or the session expires.
              </li>
              <li>
                <strong>{SIDEBAR_COOKIE_NAME}</strong>: remembers whether the documentation sidebar is expanded or collapsed, for 7 days.
              </li>
            </ul>
          ),
        },
        {
          heading: 'Managing cookies',
          body: <p>You can delete cookies in your browser's settings at any time. Without the session cookie you cannot stay signed in.</p>,
        },
      ]}
    />
  );
}
