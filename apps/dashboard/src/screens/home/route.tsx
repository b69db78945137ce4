import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@kaja/ui';
import { Link } from 'react-router';
import { useCurrentSubscription } from '../../api/subscription';
import { useSignedInSession } from '../../shell/use-session-context';
import { useZoneCount } from '../zones/zones-data';
import { OnboardingChecklist } from './onboarding-checklist';
import { countOf } from '../../format/plural';

/** /dashboard: the signed-in home. */
export default function HomeScreen() {
  const session = useSignedInSession();
  const subscription = useCurrentSubscription();
  const zones = useZoneCount();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">{session.customer.name}</p>
      </div>
      <OnboardingChecklist />
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Zones</h2>
            </CardTitle>
            <CardDescription>
              {zones.isPending ? 'Counting your zones…' : zones.isError ? 'Could not count your zones.' : `${countOf(zones.data, 'zone')} hosted`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild>
              <Link to="/zones">Manage zones</Link>
            </Button>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Plan</h2>
            </CardTitle>
            <CardDescription>
              {subscription.isPending && 'Loading your plan…'}
              {subscription.isError && 'Could not load your plan.'}
              {subscription.data && (
                <span className="inline-flex items-center gap-2">
                  {subscription.data.plan.name} <Badge variant="secondary">{subscription.data.status}</Badge>
                </span>
              )}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link to="/billing">Manage your plan</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
