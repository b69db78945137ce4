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
          heading: 'Visit statistics without cookies',
          body: (
            <p>
              We count page views, the websites visitors come from and clicks on Start Free Trial and Sign Up without any cookie or other storage in your
              browser, and without identifiers: each visit only adds one to that day’s count, and the counts are kept for 25 months. Your browser sends nothing
              for them if it sends Do Not Track or Global Privacy Control. The <a href="/privacy-policy">Privacy Policy</a> says exactly what is sent.
            </p>
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
