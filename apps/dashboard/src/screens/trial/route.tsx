import { Navigate } from 'react-router';
import { useCurrentSubscription } from '../../api/subscription';
import { PageStatus } from '../../shell/page-status';

/**
 * /trial: where Start Free Trial leads. Every new customer starts on the trial at sign-up, so this
 * confirms it and continues to the home screen's getting-started steps.
 */
export default function TrialScreen() {
  const subscription = useCurrentSubscription();
  if (subscription.isPending) return <PageStatus>Starting your trial…</PageStatus>;
  if (subscription.isError) return <PageStatus error>Your trial could not be started: {subscription.error.message}</PageStatus>;
  return <Navigate to="/dashboard" replace />;
}
