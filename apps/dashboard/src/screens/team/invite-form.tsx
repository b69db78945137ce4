import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Input, Select, toast } from '@kaja/ui';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { type Role, roles, useInvite } from './team-data';

const schema = z.object({
  email: z.email('Enter an email address'),
  role: z.enum(['owner', 'admin', 'member']),
});

/** Mails an invitation link, valid 7 days; admins cannot invite owners, so they are not offered it. */
export function InviteForm({ inviterRole }: { inviterRole: Role }) {
  const invite = useInvite();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '', role: 'member' as Role } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await invite.mutateAsync(values);
      toast.success(`Invitation sent to ${values.email}`);
      form.reset();
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['email', 'role']));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...form.register('email')} />
        </Field>
        <Field label="Role" error={errors.role?.message}>
          <Select {...form.register('role')}>
            {roles
              .filter((role) => role.value !== 'owner' || inviterRole === 'owner')
              .map((role) => (
                <option key={role.value} value={role.value}>
                  {role.label}
                </option>
              ))}
          </Select>
        </Field>
        <Button type="submit" disabled={isSubmitting} className="sm:mt-[1.375rem]">
          <Send aria-hidden />
          {isSubmitting ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
