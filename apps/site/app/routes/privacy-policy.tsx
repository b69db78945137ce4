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
            </ul>
          ),
        },
        {
          heading: 'Why we use it',
          body: (
            <p>
              To provide the service you signed up for (contract), to bill you and keep accounting records (legal obligation), and to keep the service secure
              and working (legitimate interest), which is what error reports are for.
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
              are deleted after 30 days; only a count of how often each kind of error happened is kept.
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
