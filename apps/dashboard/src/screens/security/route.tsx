import { Alert, Button, Input } from '@kaja/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { SectionCard } from '../../components/section-card';
import { Field } from '../../forms/field';
import { useSignedInSession } from '../../shell/use-session-context';
import { freshFactorOf } from './fresh-factor';
import { PasskeysCard } from './passkeys-card';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { useReplaceRecoveryCodes, useTwoFactor } from './security-data';
import { SessionsCard } from './sessions-card';
import { TotpCard } from './totp-card';

function ReplaceRecoveryCodes({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const replace = useReplaceRecoveryCodes();
  const [factor, setFactor] = useState('');
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void replace.mutateAsync(freshFactorOf(factor)).then(
          (data) => {
            setFactor('');
            onRecoveryCodes(data.recovery_codes);
          },
          () => undefined,
        );
      }}
    >
      <Field
        label="Code from the app or a recovery code"
        hint="New codes need a second factor once more; the old codes stop working."
        error={replace.error?.message}
      >
        <Input autoComplete="one-time-code" value={factor} onChange={(event) => setFactor(event.target.value)} className="max-w-60" />
      </Field>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={replace.isPending}>
        Make new recovery codes
      </Button>
    </form>
  );
}

/**
 * /account/security: two-step sign-in (authenticator app, passkeys, recovery codes) and the signed-in
 * sessions. Someone who must set up two-step sign-in first sees only this screen until they have.
 */
export default function SecurityScreen() {
  const session = useSignedInSession();
  const status = useTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const mustEnrol = session.two_factor_enrolment_required;
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Security</h1>
        <p className="text-muted-foreground">Two-step sign-in, passkeys and where you are signed in.</p>
      </div>
      {mustEnrol && (
        <Alert>
          <p className="font-medium">Set up two-step sign-in to go on</p>
          <p className="mt-1">
            {session.user.is_staff ? 'Platform staff always sign in with two factors.' : 'Your team’s owner requires two-step sign-in for every member.'} Add an
            authenticator app or a passkey below; the dashboard opens once you have.
          </p>
        </Alert>
      )}
      {!mustEnrol && status.data?.enabled && (
        <Alert>
          Two-step sign-in is on.{' '}
          <Link to="/dashboard" className="underline">
            Back to the dashboard
          </Link>
        </Alert>
      )}
      <SectionCard title="Authenticator app" description="A 6-digit code from an app on your phone, asked after your password.">
        {status.data && <TotpCard enabled={status.data.totp.enabled} onRecoveryCodes={setCodes} />}
      </SectionCard>
      <SectionCard title="Passkeys" description="Sign in with your fingerprint, face or device PIN instead of the password and a code.">
        <PasskeysCard onRecoveryCodes={setCodes} />
      </SectionCard>
      {status.data?.enabled && (
        <SectionCard
          title="Recovery codes"
          description={`${status.data.recovery_codes_left} of 10 left. Each signs you in once when your app or passkey is not at hand.`}
        >
          <ReplaceRecoveryCodes onRecoveryCodes={setCodes} />
        </SectionCard>
      )}
      <SectionCard title="Sessions" description="Where you are signed in. Sign out a device you do not know or no longer use.">
        <SessionsCard />
      </SectionCard>
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </div>
  );
}
