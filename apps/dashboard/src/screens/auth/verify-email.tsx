import { Alert, Button, toast } from '@kaja/ui';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { credentials } from '../../api/credentials';
import { useStartSession } from '../../api/session';
import { useVerifyEmail } from './auth-data';
import { AuthPage } from './auth-page';
import { useMailedToken } from './use-mailed-token';

/**
 * /auth/verify-email?token=: the mailed link. On success the access token is kept as the session and
 * the default API key, when the answer has one, as the API key; "API key saved" tells a browser that
 * had none before (spec section 4).
 */
export default function VerifyEmailScreen() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const startSession = useStartSession();
  const verify = useVerifyEmail(token, async (answer) => {
    const hadApiKey = credentials.apiKey() !== null;
    if (answer.default_api_key) credentials.saveApiKey(answer.default_api_key.key);
    await startSession(answer.access_token);
    if (answer.default_api_key && !hadApiKey) toast.success('API key saved', { description: 'You can now manage zones and customers.' });
    void navigate('/dashboard', { replace: true });
  });
  useMailedToken(token, verify.mutate);

  return (
    <AuthPage title="Verifying your email">
      {!token && <Alert variant="destructive">This link has no verification token. Open the link from the mail again.</Alert>}
      {verify.isPending && <p role="status">Checking your link…</p>}
      {verify.isError && (
        <div className="grid gap-4">
          <Alert variant="destructive">{verify.error.message}</Alert>
          <Button asChild variant="outline">
            <Link to="/auth">Go to sign in</Link>
          </Button>
        </div>
      )}
    </AuthPage>
  );
}
