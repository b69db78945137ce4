import { zodResolver } from '@hookform/resolvers/zod';
import { type ZoneRegion, zoneRegions } from '@kaja/catalog';
import { Alert, Button, Input, Select, toast } from '@kaja/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Session } from '../../api/session';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { useUpdateCompany, useUpdateProfile } from './account-data';

const regionLabels: Record<ZoneRegion, string> = {
  EU_GLOBAL: 'EU and global networks',
  EU: 'EU network only',
  GLOBAL: 'Global network only',
};

const profileSchema = z.object({ full_name: z.string().trim().min(1, 'Enter your name').max(200, 'At most 200 characters') });

/** The person's own details: the name others see in the team and the audit log. */
export function ProfileForm({ user }: { user: Session['user'] }) {
  const update = useUpdateProfile(user.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(profileSchema), values: { full_name: user.full_name } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
      toast.success('Profile saved');
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['full_name']));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <Field label="Email" hint="Your sign-in address.">
        <Input value={user.email} readOnly />
      </Field>
      <Field label="Full name" error={errors.full_name?.message}>
        <Input autoComplete="name" {...form.register('full_name')} />
      </Field>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}

const companySchema = z.object({
  name: z.string().trim().min(1, 'Enter the company name').max(200, 'At most 200 characters'),
  default_region: z.enum(zoneRegions),
});

/** The customer's name and the networks new zones use unless chosen otherwise (owners and admins). */
export function CompanyForm({ customer, canEdit }: { customer: Session['customer']; canEdit: boolean }) {
  const update = useUpdateCompany(customer.id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(companySchema), values: { name: customer.name, default_region: customer.default_region } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await update.mutateAsync(values);
      toast.success('Company saved');
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['name', 'default_region']));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      {!canEdit && <Alert>Only owners and admins change the company’s details.</Alert>}
      <Field label="Company" error={errors.name?.message}>
        <Input autoComplete="organization" disabled={!canEdit} {...form.register('name')} />
      </Field>
      <Field label="Default network for new zones" error={errors.default_region?.message}>
        <Select disabled={!canEdit} {...form.register('default_region')}>
          {zoneRegions.map((region) => (
            <option key={region} value={region}>
              {regionLabels[region]}
            </option>
          ))}
        </Select>
      </Field>
      {canEdit && (
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save company'}
          </Button>
        </div>
      )}
    </form>
  );
}
