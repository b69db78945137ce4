import { Alert, Button, Input } from '@kaja/ui';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { Field } from '../../forms/field';
import { freshFactorOf } from './fresh-factor';
import { useBeginTotp, useConfirmTotp, useDisableTotp } from './security-data';

/** The QR code of an otpauth:// URI, drawn here (the secret never leaves the browser for an image service). */
function QrCode({ uri }: { uri: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    void toDataURL(uri, { margin: 1, width: 200 }).then(setImage);
  }, [uri]);
  return image ? (
    <img src={image} width={200} height={200} alt="QR code to scan with your authenticator app" className="rounded-md border border-border" />
  ) : null;
}

function Enrol({ onRecoveryCodes }: { onRecoveryCodes: (codes: string[]) => void }) {
  const begin = useBeginTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  if (!begin.data) {
    return (
      <div className="grid gap-3">
        {begin.isError && <Alert variant="destructive">{begin.error.message}</Alert>}
        <Button className="justify-self-start" onClick={() => begin.mutate()} disabled={begin.isPending}>
          {begin.isPending ? 'Preparing…' : 'Set up an authenticator app'}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        // Awaited here, not in a mutate callback: once the app is on, this form makes way for the turn-off form.
        void confirm.mutateAsync(code).then(
          (data) => data.recovery_codes && onRecoveryCodes(data.recovery_codes),
          () => undefined,
        );
      }}
    >
      <p className="text-sm">
        Scan the code with your authenticator app (for example 1Password, Aegis or Google Authenticator), then enter the 6 digits it shows.
      </p>
      <QrCode uri={begin.data.otpauth_uri} />
      <p className="text-sm">
        Cannot scan? Enter this key in the app: <code className="break-all rounded bg-muted px-1 font-mono">{begin.data.secret}</code>
      </p>
      <Field label="Code from the app" error={confirm.error?.message}>
        <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} className="max-w-40" />
      </Field>
      <Button type="submit" className="justify-self-start" disabled={confirm.isPending}>
        {confirm.isPending ? 'Checking…' : 'Turn on'}
      </Button>
    </form>
  );
}

function TurnOff() {
  const disable = useDisableTotp();
  const [factor, setFactor] = useState('');
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        disable.mutate(freshFactorOf(factor), { onSuccess: () => setFactor('') });
      }}
    >
      <Field label="Code from the app or a recovery code" hint="Turning it off needs a second factor once more." error={disable.error?.message}>
        <Input autoComplete="one-time-code" value={factor} onChange={(event) => setFactor(event.target.value)} className="max-w-60" />
      </Field>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={disable.isPending}>
        {disable.isPending ? 'Turning off…' : 'Turn off the authenticator app'}
      </Button>
    </form>
  );
}

/** The authenticator app: set it up with a QR code and a first code, or turn it off with a fresh factor. */
export function TotpCard({ enabled, onRecoveryCodes }: { enabled: boolean; onRecoveryCodes: (codes: string[]) => void }) {
  return enabled ? (
    <div className="grid gap-4">
      <p className="text-sm">
        <span className="font-medium">On.</span> Signing in with your password asks for a code from the app.
      </p>
      <TurnOff />
    </div>
  ) : (
    <Enrol onRecoveryCodes={onRecoveryCodes} />
  );
}
