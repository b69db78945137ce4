import { Button, type ButtonProps } from '@kaja/ui';
import { useSession } from '../session';

/** Start Free Trial: to /trial when signed in, to /auth when signed out. */
export function TrialButton(props: Omit<ButtonProps, 'asChild'>) {
  const { data: session } = useSession();
  return (
    <Button asChild {...props}>
      <a href={session ? '/trial' : '/auth'} data-testid="trial-button">
        Start Free Trial
      </a>
    </Button>
  );
}
