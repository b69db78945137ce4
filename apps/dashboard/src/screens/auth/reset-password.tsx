import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Input, toast } from '@kaja/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { api, call } from '../../api/client';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { AuthPage } from './auth-page';

const schema = z
  .object({ password: z.string().min(1, 'Choose a new password'), confirm: z.string() })
  .refine((values) => values.password === values.confirm, { path: ['confirm'], message: 'The passwords do not match' });

/** /auth/reset-password?token=: the mailed link; a new password, then sign in with it. */
export default function ResetPasswordScreen() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await call(api.POST('/v1/auth/reset-password', { body: { token, password } }));
      toast.success('Password changed', { description: 'Sign in with your new password.' });
      void navigate('/auth', { replace: true });
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['password']));
    }
  });

  if (!token) {
    return (
      <AuthPage title="Choose a new password">
        <Alert variant="destructive">This link has no reset token. Open the link from the mail again, or ask for a new one.</Alert>
        <p className="mt-4 text-center text-sm">
          <Link to="/auth/forgot-password" className="text-primary underline-offset-4 hover:underline">
            Ask for a new link
          </Link>
        </p>
      </AuthPage>
    );
  }
  return (
    <AuthPage title="Choose a new password">
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        {failure && <Alert variant="destructive">{failure}</Alert>}
        <Field label="New password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Repeat the new password" error={errors.confirm?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthPage>
  );
}
