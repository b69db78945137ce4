import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Progress } from '@kaja/ui';
import { CheckCircle2, Circle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentSubscription } from '../../api/subscription';
import { StatusLine } from '../zone-tools/status-line';
import { type OnboardingStep, useFirstZone, useMarkOnboardingStep } from './onboarding-data';

type StepText = { title: string; how: string; action: string; to: (zoneId: string | undefined) => string };

/** Each step and where it is done: in the first zone once there is one. */
const stepTexts: Record<OnboardingStep, StepText> = {
  create_zone: { title: 'Create a zone', how: 'Add the domain you want us to answer for.', action: 'Create a zone', to: () => '/zones' },
  add_records: {
    title: 'Add records',
    how: 'Point your names at your servers: A, AAAA, MX, TXT and more.',
    action: 'Add records',
    to: (zoneId) => (zoneId ? `/zones/${zoneId}` : '/zones'),
  },
  update_nameservers: {
    title: 'Update the name servers at your registrar',
    how: 'Replace the name servers at the registrar of your domain with the ones shown on the zone’s page. We cannot see this step: mark it when done.',
    action: 'See the name servers',
    to: (zoneId) => (zoneId ? `/zones/${zoneId}` : '/zones'),
  },
  enable_dnssec: {
    title: 'Enable DNSSEC',
    how: 'Sign the zone, then give the DS record to your registrar.',
    action: 'Set up DNSSEC',
    to: (zoneId) => (zoneId ? `/zones/${zoneId}/dnssec` : '/zones'),
  },
  invite_team: { title: 'Invite your team', how: 'Work on your zones together, each with their own sign-in.', action: 'Invite people', to: () => '/team' },
};

function MarkNameServersButton() {
  const mark = useMarkOnboardingStep();
  return (
    <Button size="sm" variant="outline" disabled={mark.isPending} onClick={() => mark.mutate('update_nameservers')}>
      {mark.isPending ? 'Saving…' : 'I updated my name servers'}
    </Button>
  );
}

function Step({ step, done, zoneId, children }: { step: OnboardingStep; done: boolean; zoneId: string | undefined; children?: ReactNode }) {
  const text = stepTexts[step];
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex gap-3">
      <Icon aria-hidden className={done ? 'mt-0.5 size-5 shrink-0 text-primary' : 'mt-0.5 size-5 shrink-0 text-muted-foreground'} />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className={done ? 'font-medium text-muted-foreground line-through' : 'font-medium'}>
          {text.title}
          <span className="sr-only">{done ? ': done' : ': to do'}</span>
        </p>
        {!done && (
          <>
            <p className="text-sm text-muted-foreground">{text.how}</p>
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm">
                <Link to={text.to(zoneId)}>{text.action}</Link>
              </Button>
              {children}
            </div>
          </>
        )}
      </div>
    </li>
  );
}

/** Getting started: the onboarding steps of the subscription, ticked as the customer does them. */
export function OnboardingChecklist() {
  const subscription = useCurrentSubscription();
  const firstZone = useFirstZone();
  if (subscription.isPending) return <StatusLine>Loading your getting-started steps…</StatusLine>;
  if (subscription.isError) return <StatusLine error>Could not load your getting-started steps: {subscription.error.message}</StatusLine>;
  const { steps, completed, total } = subscription.data.onboarding;
  if (completed === total) return null;
  const zoneId = firstZone.data?.id;
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Get started</h2>
        </CardTitle>
        <CardDescription>
          {completed} of {total} steps done
        </CardDescription>
        <Progress value={(completed / total) * 100} aria-label={`Getting started: ${completed} of ${total} steps done`} />
      </CardHeader>
      <CardContent>
        <ol aria-label="Getting-started steps" className="grid gap-4">
          {steps.map(({ step, done }) => (
            <Step key={step} step={step} done={done} zoneId={zoneId}>
              {step === 'update_nameservers' && <MarkNameServersButton />}
            </Step>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
