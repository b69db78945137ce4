import { Button, Card, CardDescription, CardHeader, CardTitle } from '@kaja/ui';
import { plans } from '@kaja/catalog';
import { Activity, Clock, Globe2, KeyRound, LifeBuoy, MapPin, Network, ScrollText, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Pricing } from '../components/pricing';
import { TrialButton } from '../components/trial-button';
import { Island } from '../islands/island';
import { catalogPlanCards } from '../plans';
import { pageMeta } from '../seo';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Kaja DNS',
    description:
      'Managed DNS hosting from the EU: zones and records, DNSSEC signing, scoped API keys, team accounts and audit logs on two anycast networks with 30+ locations.',
    path: '/',
  });

export function loader() {
  return { plans: catalogPlanCards(plans) };
}

const features = [
  {
    icon: Network,
    title: 'Zone and record management',
    text: 'Create zones and manage A, AAAA, CNAME, MX, TXT, SRV, CAA and more in the dashboard or over the API.',
  },
  { icon: Users, title: 'Team accounts', text: 'Invite team members to your customer account and work on the same zones together.' },
  { icon: KeyRound, title: 'API key management', text: 'Create API keys with just the scopes an integration needs, rotate them and revoke them at any time.' },
  {
    icon: ShieldCheck,
    title: 'DNSSEC signing',
    text: 'Sign zones with one switch; keys are generated for you and the DS records are ready for your registrar.',
  },
  { icon: ScrollText, title: 'Audit logging', text: 'Every change to zones, records, keys and members is recorded with who made it and when.' },
  { icon: Globe2, title: 'Two anycast networks', text: 'Serve each zone from our EU-only network, our global network, or both.' },
  { icon: MapPin, title: '30+ locations', text: 'Name servers in more than 30 locations answer your visitors from nearby.' },
  { icon: Clock, title: 'Under 20 ms', text: 'Answers in under 20 ms for most of the world, thanks to anycast routing.' },
  { icon: LifeBuoy, title: '24/7 expert support', text: 'DNS engineers answer around the clock, not a script.' },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-b from-blue-50 to-background">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center md:py-28">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight md:text-6xl">Managed DNS hosting, made in the EU</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
            Host your zones on two independent anycast networks, sign them with DNSSEC and automate everything through a clean REST API, with answers in under
            20 ms from more than 30 locations.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-4">
            <Island name="trial-button" component={TrialButton} props={{ size: 'lg' as const }} />
            <Button asChild size="lg" variant="outline">
              <Link to="/docs">Read the docs</Link>
            </Button>
          </div>
        </div>
      </section>

      <section id="features" className="mx-auto max-w-6xl px-4 py-20">
        <h2 className="text-center text-3xl font-bold tracking-tight">Everything you need to run DNS</h2>
        <p className="mx-auto mt-4 max-w-2xl text-center text-muted-foreground">
          From a single domain to hundreds of zones managed by a team and by your automation.
        </p>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardHeader>
                <Icon className="size-8 text-primary" aria-hidden />
                <CardTitle className="text-lg">{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </section>

      <section id="pricing" className="bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-20">
          <h2 className="text-center text-3xl font-bold tracking-tight">Simple, transparent pricing</h2>
          <p className="mx-auto mt-4 max-w-2xl text-center text-muted-foreground">Prices in euros including VAT, billed monthly or annually in advance.</p>
          <Island name="pricing" component={Pricing} props={{ prerendered: loaderData.plans }} />
        </div>
      </section>

      <section id="about" className="mx-auto max-w-6xl px-4 py-20">
        <div className="grid items-center gap-12 md:grid-cols-2">
          <div>
            <h2 className="text-3xl font-bold tracking-tight">About Kaja DNS</h2>
            <p className="mt-4 text-muted-foreground">
              Kaja DNS is an authoritative DNS provider based in Estonia. We build for businesses and individuals who want their domains to resolve quickly and
              reliably, and who want their data handled under EU law.
            </p>
            <p className="mt-4 text-muted-foreground">
              Our EU network keeps every query inside the European Union; our global network brings answers close to visitors everywhere. You choose per zone.
            </p>
          </div>
          <ul className="grid grid-cols-2 gap-4 text-center">
            {[
              ['30+', 'locations'],
              ['< 20 ms', 'response time'],
              ['99.99%', 'uptime target'],
              ['24/7', 'expert support'],
            ].map(([value, label]) => (
              <li key={label} className="rounded-lg border border-border p-6">
                <Activity className="mx-auto mb-2 size-5 text-primary" aria-hidden />
                <span className="block text-2xl font-bold">{value}</span>
                <span className="text-sm text-muted-foreground">{label}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
