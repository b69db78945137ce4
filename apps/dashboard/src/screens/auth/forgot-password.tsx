import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Input } from '@kaja/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { api, call } from '../../api/client';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { AuthPage } from './auth-page';

/** Spec section 9: the reset request gives up after 15 seconds. */
export const passwordResetTimeoutMs = 15_000;

const schema = z.object({ email: z.email('Enter your email address') });

/** /auth/forgot-password: asks for a reset link by mail. */
export default function ForgotPasswordScreen() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await call(api.POST('/v1/auth/request-password-reset', { body: values, signal: AbortSignal.timeout(passwordResetTimeoutMs) }));
      setSent(data.message);
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['email']));
    }
  });

  return (
    <AuthPage title="Reset your password" description="We will mail you a link to choose a new password.">
      {sent ? (
        <Alert>{sent}</Alert>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          {failure && <Alert variant="destructive">{failure}</Alert>}
          <Field label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <Link to="/auth" className="text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthPage>
  );
}
