import { Button, Input, Select } from '@kaja/ui';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../forms/field';
import type { RecordPolicy } from './tsig-data';

/** A key's permissions and record policies as a form edits them (a policy's effect as a select value). */
export const permissionsSchema = z.object({
  can_update: z.boolean(),
  can_transfer: z.boolean(),
  record_policies: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'Enter a name, @ or *').max(255),
        type: z.string().trim().min(1, 'Enter a type or *').max(16),
        allow: z.enum(['allow', 'refuse']),
      }),
    )
    .max(100),
});
export type PermissionsValues = z.infer<typeof permissionsSchema>;

export const mustDoSomething = { message: 'The key must be allowed to update or to transfer', path: ['can_update'] };
export const eitherPermission = (values: Pick<PermissionsValues, 'can_update' | 'can_transfer'>) => values.can_update || values.can_transfer;

/** The form's policies as the API takes them: none means every record (null). */
export const policiesForApi = (policies: PermissionsValues['record_policies']): RecordPolicy[] | null =>
  policies.length === 0 ? null : policies.map((policy) => ({ ...policy, allow: policy.allow === 'allow' }));
export const policiesForForm = (policies: RecordPolicy[] | null): PermissionsValues['record_policies'] =>
  (policies ?? []).map((policy) => ({ ...policy, allow: policy.allow ? 'allow' : 'refuse' }));

const acmePolicy = { name: '_acme-challenge', type: 'TXT', allow: 'allow' as const };

/** What the key may do, and the record policies that limit its updates: inside a FormProvider whose form has these fields. */
export function PermissionFields() {
  const { control, register, formState } = useFormContext<PermissionsValues>();
  const { errors } = formState;
  const policies = useFieldArray({ control, name: 'record_policies' });
  return (
    <>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">The key may</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...register('can_update')} />
          Change records (dynamic updates)
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...register('can_transfer')} />
          Transfer the zone (for a secondary)
        </label>
        {errors.can_update && <p className="text-sm text-destructive">{errors.can_update.message}</p>}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Record policies</legend>
        <p className="text-xs text-muted-foreground">
          Which records updates may change: a name relative to the zone (@ for the apex, * for any, *.shop below shop) and a type (or *). The most specific
          match decides; no match refuses. Without policies the key may change every record.
        </p>
        {policies.fields.map((policy, index) => (
          <div key={policy.id} className="grid grid-cols-[1fr_6rem] gap-2 sm:grid-cols-[1fr_6rem_7rem_auto] sm:items-end">
            <Field label={`Policy ${index + 1} name`} error={errors.record_policies?.[index]?.name?.message}>
              <Input {...register(`record_policies.${index}.name`)} />
            </Field>
            <Field label="Type" error={errors.record_policies?.[index]?.type?.message}>
              <Input {...register(`record_policies.${index}.type`)} />
            </Field>
            <Field label="Effect">
              <Select {...register(`record_policies.${index}.allow`)}>
                <option value="allow">Allow</option>
                <option value="refuse">Refuse</option>
              </Select>
            </Field>
            <Button type="button" variant="ghost" size="icon" aria-label={`Remove policy ${index + 1}`} onClick={() => policies.remove(index)}>
              <Trash2 aria-hidden />
            </Button>
          </div>
        ))}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => policies.append({ name: '', type: '', allow: 'allow' })}>
            <Plus aria-hidden />
            Add a policy
          </Button>
          <Button type="button" variant="outline" size="sm" onClick={() => policies.append(acmePolicy)}>
            <Plus aria-hidden />
            ACME challenge only (_acme-challenge TXT)
          </Button>
        </div>
      </fieldset>
    </>
  );
}
