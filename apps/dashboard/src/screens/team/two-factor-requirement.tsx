import { Alert, Checkbox, Label } from '@kaja/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Session } from '../../api/session';
import { useRequireTwoFactor } from './team-data';

/**
 * The owner's setting: every member signs in with two factors. Members without one set it up at their
 * next sign-in (or at once, if signed in) and cannot use the dashboard until they have.
 */
export function TwoFactorRequirement({ session }: { session: Session }) {
  const change = useRequireTwoFactor(session.customer.id);
  const isOwner = session.user.role === 'owner';
  // Shown as chosen at once; put back if the API refuses.
  const [checked, setChecked] = useState(session.customer.require_two_factor);
  return (
    <section aria-labelledby="two-factor-heading" className="grid grid-cols-1 gap-3">
      <h2 id="two-factor-heading" className="text-lg font-semibold">
        Two-step sign-in
      </h2>
      <div className="flex items-start gap-3">
        <Checkbox
          id="require-two-factor"
          className="mt-0.5"
          checked={checked}
          disabled={!isOwner || change.isPending}
          onChange={(event) => {
            const required = event.target.checked;
            setChecked(required);
            change.mutate(required, { onError: () => setChecked(!required) });
          }}
        />
        <div className="grid gap-1">
          <Label htmlFor="require-two-factor">Require two-step sign-in for every member</Label>
          <p className="text-sm text-muted-foreground">
            Members without an authenticator app or a passkey set one up at their next sign-in. API keys keep working.
            {!isOwner && ' Only owners can change this.'} Your own:{' '}
            <Link to="/account/security" className="underline">
              Security
            </Link>
            .
          </p>
        </div>
      </div>
      {change.isError && <Alert variant="destructive">{change.error.message}</Alert>}
    </section>
  );
}
