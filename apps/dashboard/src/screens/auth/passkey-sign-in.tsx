import { Alert, Button } from '@kaja/ui';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { api, call } from '../../api/client';

/** Signs in with a passkey alone: the browser offers the passkeys it holds for this dashboard. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (accessToken: string) => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const { challenge_id, options } = (await call(api.POST('/v1/auth/passkeys/sign-in-options'))).data;
      // The WebAuthn client comes when a passkey is used: the sign-in screen stays small (decision 026).
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: options as never });
      const { data } = await call(api.POST('/v1/auth/passkeys/sign-in', { body: { challenge_id, response: response as never } }));
      await onSignedIn(data.access_token);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <Button type="button" variant="outline" onClick={() => void signIn()} disabled={busy}>
        <KeyRound aria-hidden />
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
