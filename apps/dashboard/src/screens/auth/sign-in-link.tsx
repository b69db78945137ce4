import { Alert, Button } from '@kaja/ui';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useStartSession } from '../../api/session';
import { useState } from 'react';
import { useSignInWithLink } from './auth-data';
import { AuthPage } from './auth-page';
import { isSecondFactorStep, SecondFactorForm, type SecondFactorStep } from './second-factor-form';
import { useMailedToken } from './use-mailed-token';

/**
 * /auth/sign-in-link?token=: the link mailed when the right password came while many wrong ones were
 * being tried on the account. Its token finishes the sign-in: the session starts as on the
 * verification landing, and the visitor goes on to the dashboard.
 */
export default function SignInLinkScreen() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [step, setStep] = useState<SecondFactorStep | null>(null);
  const signedIn = async (accessToken: string) => {
    await startSession(accessToken);
    void navigate('/dashboard', { replace: true });
  };
  const signIn = useSignInWithLink(token, (answer) => (isSecondFactorStep(answer) ? setStep(answer) : signedIn(answer.access_token)));
  useMailedToken(token, signIn.mutate);

  return (
    <AuthPage title="Finishing your sign-in">
      {!token && <Alert variant="destructive">This link has no sign-in token. Open the link from the mail again.</Alert>}
      {signIn.isPending && <p role="status">Checking your link…</p>}
      {step && <SecondFactorForm step={step} onSignedIn={signedIn} />}
      {signIn.isError && (
        <div className="grid gap-4">
          <Alert variant="destructive">{signIn.error.message}</Alert>
          <Button asChild variant="outline">
            <Link to="/auth">Go to sign in</Link>
          </Button>
        </div>
      )}
    </AuthPage>
  );
}
