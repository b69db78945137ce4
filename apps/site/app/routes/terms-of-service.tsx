import { LegalPage } from '../components/legal-page';
import { pageMeta } from '../seo';
import { site } from '../site';
import type { Route } from './+types/terms-of-service';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Terms of Service',
    description: 'The terms for using Kaja DNS: service level, billing and payment, suspension, termination and liability.',
    path: '/terms-of-service',
  });

export default function TermsOfService() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={`These terms govern your use of the DNS hosting service, dashboard and API provided by ${site.company}, a company registered in ${site.country} ("Kaja DNS", "we"). By creating an account you agree to them.`}
      sections={[
        {
          heading: 'Eligibility',
          body: <p>You must be at least 18 years old and able to enter a binding contract, personally or on behalf of the organisation you represent.</p>,
        },
        {
          heading: 'The service',
          body: (
            <p>
              We host the DNS zones you create and answer queries for them from our anycast networks. We aim for 99.99% uptime of DNS resolution, measured
              monthly across our networks. Scheduled maintenance is announced in advance and does not interrupt resolution.
            </p>
          ),
        },
        {
          heading: 'Prices, billing and payment',
          body: (
            <>
              <p>All prices are in euros (EUR) and include VAT. Plans are billed monthly or annually in advance, as you choose.</p>
              <p>
                Invoices are due for payment within 14 days of issue. If an invoice remains unpaid for 30 days after its due date, we may suspend the account
                until it is paid; zones stay stored while suspended.
              </p>
            </>
          ),
        },
        {
          heading: 'Your responsibilities',
          body: (
            <p>
              You are responsible for the content of your zones, for keeping your credentials and API keys secret, and for the actions of the team members you
              invite. You may not use the service for unlawful purposes or to attack other networks.
            </p>
          ),
        },
        {
          heading: 'Termination',
          body: (
            <p>
              You may close your account at any time. Either party may terminate the agreement with 30 days' written notice; we may terminate immediately for
              serious breach of these terms.
            </p>
          ),
        },
        {
          heading: 'Liability',
          body: (
            <p>
              Our total liability for any claim arising from the service is limited to the fees you paid to us in the 12 months before the event giving rise to
              the claim. We are not liable for indirect or consequential losses. Nothing in these terms limits liability that cannot be limited by law.
            </p>
          ),
        },
        {
          heading: 'Governing law and contact',
          body: (
            <p>
              These terms are governed by the laws of {site.country} and the European Union. Questions:{' '}
              <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
            </p>
          ),
        },
      ]}
    />
  );
}
