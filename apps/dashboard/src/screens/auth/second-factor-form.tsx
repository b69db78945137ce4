import { Alert, Button, Input } from '@kaja/ui';
import { useState } from 'react';
import { api, call } from '../../api/client';
import { Field } from '../../forms/field';

/** The answer to the right password when the account has two-step sign-in. */
export type SecondFactorStep = { sign_in_token: string; methods: ('totp' | 'passkey' | 'recovery_code')[] };

export const isSecondFactorStep = (data: object): data is SecondFactorStep & { second_factor_required: true } => 'second_factor_required' in data;

type Method = SecondFactorStep['methods'][number];

/**
 * Sign-in, second step: a code from the authenticator app, one of the person's passkeys, or a recovery
 * code. `onSignedIn` gets the access token.
 */
export function SecondFactorForm({ step, onSignedIn }: { step: SecondFactorStep; onSignedIn: (accessToken: string) => Promise<void> }) {
  const [method, setMethod] = useState<Method>(step.methods.includes('totp') ? 'totp' : (step.methods[0] ?? 'recovery_code'));
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = async (body: { code?: string; recovery_code?: string; passkey?: { challenge_id: string; response: never } }) => {
    setFailure(null);
    setBusy(true);
    try {
      const { data } = await call(api.POST('/v1/auth/signin/second-factor', { body: { sign_in_token: step.sign_in_token, ...body } }));
      await onSignedIn(data.access_token);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const checkPasskey = async () => {
    setFailure(null);
    try {
      const { challenge_id, options } = (await call(api.POST('/v1/auth/signin/passkey-options', { body: { sign_in_token: step.sign_in_token } }))).data;
      // The WebAuthn client comes when a passkey is used: the sign-in screen stays small (decision 026).
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const response = await startAuthentication({ optionsJSON: options as never });
      await finish({ passkey: { challenge_id, response: response as never } });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  const others = step.methods.filter((other) => other !== method);
  const label = { totp: 'Use the authenticator app', passkey: 'Use a passkey', recovery_code: 'Use a recovery code' } as const;
  return (
    <div className="grid gap-4">
      <h2 className="text-lg font-semibold">Two-step sign-in</h2>
      {failure && <Alert variant="destructive">{failure}</Alert>}
      {method === 'passkey' ? (
        <Button type="button" onClick={() => void checkPasskey()} disabled={busy}>
          {busy ? 'Checking…' : 'Sign in with your passkey'}
        </Button>
      ) : (
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void finish(method === 'totp' ? { code: value } : { recovery_code: value });
          }}
        >
          <Field label={method === 'totp' ? 'Code from your authenticator app' : 'Recovery code'}>
            <Input
              autoFocus
              inputMode={method === 'totp' ? 'numeric' : 'text'}
              autoComplete="one-time-code"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Verify'}
          </Button>
        </form>
      )}
      {others.map((other) => (
        <Button
          key={other}
          type="button"
          variant="link"
          onClick={() => {
            setMethod(other);
            setValue('');
            setFailure(null);
          }}
        >
          {label[other]}
        </Button>
      ))}
    </div>
  );
}
