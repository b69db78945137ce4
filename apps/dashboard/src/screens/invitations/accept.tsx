import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Input, toast } from '@kaja/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { api, call, inForm } from '../../api/client';
import { useStartSession } from '../../api/session';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { AuthPage } from '../auth/auth-page';

const newUserSchema = z.object({
  full_name: z.string().trim().min(1, 'Enter your full name'),
  password: z.string().min(1, 'Choose a password'),
});

function NewUserForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(newUserSchema), defaultValues: { full_name: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await call(api.POST('/v1/invitations/{token}/accept', { params: { path: { token } }, body: values, ...inForm }));
      await startSession(data.access_token);
      toast.success('Welcome to the team');
      void navigate('/dashboard', { replace: true });
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['full_name', 'password']));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <Field label="Full name" error={errors.full_name?.message}>
        <Input autoComplete="name" {...form.register('full_name')} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Joining…' : 'Set password and join'}
      </Button>
    </form>
  );
}

/**
 * /invitations/accept?token=: the mailed invitation. Signed in with the invited address, the visitor
 * joins at once; an address without an account first chooses a name and password.
 */
export default function AcceptInvitationScreen() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const here = `/invitations/accept?token=${encodeURIComponent(token)}`;
  const invitation = useQuery({
    queryKey: ['invitation', token],
    enabled: token !== '',
    // Accepting is not repeatable: ask once for this page.
    staleTime: Infinity,
    queryFn: async () => (await call(api.GET('/v1/invitations/{token}/accept', { params: { path: { token } } }))).data,
  });

  return (
    <AuthPage title="Join your team on Kaja DNS">
      {!token && <Alert variant="destructive">This link has no invitation token. Open the link from the mail again.</Alert>}
      {invitation.isPending && token && <p role="status">Checking your invitation…</p>}
      {invitation.isError && (
        <div className="grid gap-4">
          <Alert variant="destructive">{invitation.error.message}</Alert>
          <p className="text-sm">
            Invited with an address that already has an account?{' '}
            <Link to={`/auth?next=${encodeURIComponent(here)}`} className="text-primary underline underline-offset-4">
              Sign in with it
            </Link>{' '}
            and open this link again.
          </p>
        </div>
      )}
      {invitation.data?.password_required && <NewUserForm token={token} />}
      {invitation.data && !invitation.data.password_required && (
        <div className="grid gap-4">
          <Alert>You joined the team as {invitation.data.invitation.role}.</Alert>
          <Button asChild>
            <Link to="/dashboard">Open the dashboard</Link>
          </Button>
        </div>
      )}
    </AuthPage>
  );
}
