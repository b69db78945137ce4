import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Input, toast } from '@kaja/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { useChangePassword } from './account-data';

// Only that both new entries match is checked here: the strength rules are the API's, and its refusal is shown.
const schema = z
  .object({
    current_password: z.string().min(1, 'Enter your current password'),
    new_password: z.string().min(1, 'Choose a new password'),
    repeat: z.string(),
  })
  .refine((values) => values.repeat === values.new_password, { path: ['repeat'], message: 'The two new passwords differ' });

/** Changes the password; the API ends the user's other sessions. */
export function PasswordForm() {
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { current_password: '', new_password: '', repeat: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ current_password, new_password }) => {
    setFailure(null);
    try {
      await change.mutateAsync({ current_password, new_password });
      form.reset();
      toast.success('Password changed', { description: 'Your other sessions were signed out.' });
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['current_password', 'new_password']));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <Field label="Current password" error={errors.current_password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('current_password')} />
      </Field>
      <Field label="New password" error={errors.new_password?.message} hint="At least 10 characters; a passphrase of several words is easiest to remember.">
        <Input type="password" autoComplete="new-password" {...form.register('new_password')} />
      </Field>
      <Field label="Repeat the new password" error={errors.repeat?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('repeat')} />
      </Field>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
