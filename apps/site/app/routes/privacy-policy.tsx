import { LegalPage } from '../components/legal-page';
import { pageMeta } from '../seo';
import { site } from '../site';
import type { Route } from './+types/privacy-policy';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Privacy Policy',
    description: 'How Kaja DNS collects, uses, stores and protects personal data under the GDPR, and how long it is kept.',
    path: '/privacy-policy',
  });

export default function PrivacyPolicy() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={`${site.company}, registered in ${site.country}, is the controller of the personal data described here. We process it under the EU General Data Protection Regulation (GDPR).`}
      sections={[
        {
          heading: 'What we collect',
          body: (
            <ul>
              <li>Account data: your name, email address, company and a hash of your password.</li>
              <li>Billing data: invoices and the plan you chose; card details are handled by our payment processor, never by us.</li>
              <li>Service data: your zones and records, API key names and scopes, and the audit log of changes.</li>
              <li>Support data: the messages you send us through the support form or by email.</li>
              <li>
                Error reports: when a page of this site or of the dashboard fails unexpectedly, your browser sends us the error, where in our code it happened,
                the page’s address without its query string, your browser’s name and version, and the version of our software. Email addresses, access tokens,
                form contents and request bodies are never included, and reports are not linked to your account. Only our staff see them; where we use an
                error-tracking service (Sentry or GlitchTip), it receives these same reports and nothing more.
              </li>
              <li>
                Visit statistics: when you open a page of this site, your browser tells us the page’s path (never its query string) and, if you came from
                another website, that website’s name (not the page). When you click Start Free Trial or Sign Up, it tells us which of the two. We only add one
                to the day’s count for that page, website or button: we set no cookie, store nothing in your browser, keep no IP address and no identifier, and
                cannot tell one visitor from another. If your browser sends Do Not Track or Global Privacy Control, nothing is sent and nothing is counted.
              </li>
              <li>
                Sign-up progress: for each customer account we note the day it first reached each step from signing up to its first paid invoice (email address
                verified, first zone added, first zone delegated to our name servers), to see where new customers get stuck.
              </li>
            </ul>
          ),
        },
        {
          heading: 'Why we use it',
          body: (
            <p>
              To provide the service you signed up for (contract), to bill you and keep accounting records (legal obligation), and to keep the service secure
              and working (legitimate interest), which is what error reports are for. Visit statistics and sign-up progress tell us which pages are read and
              where signing up is hard, so we can improve the site and the service (legitimate interest); they are never used for advertising or shared.
            </p>
          ),
        },
        {
          heading: 'Where it is stored',
          body: (
            <p>
              Account and billing data are stored in data centres in the European Union. DNS answers for zones on the global network are served worldwide, but
              contain only the records you publish.
            </p>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <p>
              We keep account data for as long as your account exists plus 7 years, to meet accounting and legal obligations. Then it is deleted. Error reports
              are deleted after 30 days; only a count of how often each kind of error happened is kept. Daily visit statistics are deleted after 25 months,
              which lets us compare a month with the same month a year before. Sign-up progress is part of your account data and is deleted with your account.
            </p>
          ),
        },
        {
          heading: 'Your rights',
          body: (
            <p>
              You may ask for access to, correction, deletion or export of your data, and object to its processing. Write to{' '}
              <a href={`mailto:${site.privacyEmail}`}>{site.privacyEmail}</a>. You may also complain to the Estonian Data Protection Inspectorate.
            </p>
          ),
        },
      ]}
    />
  );
}
