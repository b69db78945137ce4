import { type CustomerType, parseRrsetInput, rrsetWarnings, type RrsetWarning } from '@kaja/dns-model';
import { Alert, Button, Dialog, DialogContent, DialogDescription, DialogTitle, Input, Label, Select, Textarea } from '@kaja/ui';
import { Plus, Trash2, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { api, call, inForm } from '../../api/client';
import { ApiError } from '../../api/errors';
import { TtlField } from '../../components/ttl-field';
import { Field } from '../../forms/field';
import type { Zone } from '../zones/zones-data';
import { composeContent, decomposeContent, emptyValue, isRecordType, type RecordPart, recordForms, recordTypes, type RecordValue } from './record-forms';
import { relativeName } from './record-names';
import { type RecordSet, useRefreshZone } from './zone-data';

type RecordFormValues = { type: CustomerType; name: string; ttl: number; values: RecordValue[] };

/** The form's input as one string: a warning confirmed for one input does not carry over to another. */
const inputKey = (input: Pick<RecordFormValues, 'type' | 'name' | 'ttl' | 'values'>) => JSON.stringify([input.type, input.name, input.ttl, input.values]);

/** What the set would do that may not be meant, with its consequence: shown before saving, saved only when confirmed. */
function Warnings({ warnings }: { warnings: RrsetWarning[] }) {
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert aria-hidden className="size-4" />
        Check before saving
      </p>
      <ul className="grid list-disc gap-1 pl-5">
        {warnings.map((warning) => (
          <li key={warning.code}>{warning.message}</li>
        ))}
      </ul>
      <p>Save anyway if this is what you want.</p>
    </div>
  );
}

function PartInput({ part, id, ...props }: { part: RecordPart; id: string; value: string; onChange: (text: string) => void; invalid: boolean }) {
  const common = { id, 'aria-invalid': props.invalid || undefined, value: props.value };
  if (part.kind === 'textarea')
    return <Textarea {...common} rows={4} placeholder={part.placeholder} spellCheck={false} onChange={(event) => props.onChange(event.target.value)} />;
  if (part.kind === 'select')
    return (
      <Select {...common} onChange={(event) => props.onChange(event.target.value)}>
        {part.options!.map((option) => (
          <option key={option}>{option}</option>
        ))}
      </Select>
    );
  return (
    <Input
      {...common}
      inputMode={part.kind === 'number' ? 'numeric' : undefined}
      placeholder={part.placeholder}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/** One value of the set: the inputs of its type, side by side. */
function ValueFields({
  type,
  index,
  value,
  onChange,
  invalid,
}: {
  type: CustomerType;
  index: number;
  value: RecordValue;
  onChange: (value: RecordValue) => void;
  invalid: boolean;
}) {
  const id = useId();
  return (
    <div className="grid flex-1 gap-2 sm:grid-flow-col sm:auto-cols-fr">
      {recordForms[type].map((part) => (
        <div key={part.key} className={part.kind === 'textarea' ? 'grid gap-1 sm:col-span-full' : 'grid gap-1'}>
          <Label htmlFor={`${id}-${part.key}`} className="text-xs">
            {part.label}
            {index > 0 ? ` (value ${index + 1})` : ''}
          </Label>
          <PartInput
            part={part}
            id={`${id}-${part.key}`}
            value={value[part.key] ?? ''}
            invalid={invalid}
            onChange={(text) => onChange({ ...value, [part.key]: text })}
          />
        </div>
      ))}
    </div>
  );
}

type RecordDialogProps = {
  zone: Zone;
  /** The set to edit, or null to add records. */
  editing: RecordSet | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Adds records (to the set of their name and type) or edits a set's values and TTL. The browser checks
 * the set with the record model the API uses; the API's field errors are shown the same way.
 */
export function RecordDialog({ zone, editing, open, onOpenChange }: RecordDialogProps) {
  const refresh = useRefreshZone(zone.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [another, setAnother] = useState(false);
  const [warned, setWarned] = useState<{ key: string; warnings: RrsetWarning[] } | null>(null);
  const nameInput = useRef<HTMLInputElement | null>(null);
  const editingType = editing && isRecordType(editing.type) ? editing.type : null;
  const initial = (type: CustomerType = 'A', ttl = zone.ttl): RecordFormValues =>
    editing && editingType
      ? {
          type: editingType,
          name: relativeName(editing.name, zone.name),
          ttl: editing.ttl,
          values: editing.content.map((content) => decomposeContent(editingType, content)),
        }
      : { type, name: '', ttl, values: [emptyValue(type)] };
  const form = useForm<RecordFormValues>({ defaultValues: initial() });
  const type = form.watch('type');
  const values = form.watch('values');
  const setValues = (next: RecordValue[]) => form.setValue('values', next);
  const { errors, isSubmitting } = form.formState;
  const contentError = errors.root?.content?.message;
  const name = form.watch('name');
  const ttl = form.watch('ttl');
  // Shown while the input is the one warned about; changed input is checked again on saving.
  const shownWarnings = warned && warned.key === inputKey({ type, name, ttl, values }) ? warned.warnings : null;

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    const content = input.values.map((value) => composeContent(input.type, value));
    const checked = parseRrsetInput({ type: input.type, name: input.name, content, ttl: input.ttl }, zone.name, { defaultTtl: zone.ttl });
    if (!checked.ok) {
      for (const [field, message] of Object.entries(checked.errors)) {
        if (field === 'content') form.setError('root.content', { message });
        else form.setError(field as 'type' | 'name' | 'ttl', { message });
      }
      return;
    }
    const key = inputKey(input);
    const warnings = rrsetWarnings(checked.rrset);
    if (warnings.length > 0 && warned?.key !== key) {
      setWarned({ key, warnings });
      return;
    }
    try {
      if (editing) {
        await call(
          api.PUT('/v1/zones/{id}/records/{recordId}', {
            params: { path: { id: zone.id, recordId: editing.id } },
            body: { content, ttl: input.ttl },
            ...inForm,
          }),
        );
      } else {
        await call(
          api.POST('/v1/zones/{id}/records', {
            params: { path: { id: zone.id } },
            body: { type: input.type, name: input.name, content, ttl: input.ttl },
            ...inForm,
          }),
        );
      }
      await refresh();
      setWarned(null);
      if (!editing && another) {
        form.reset(initial(input.type, input.ttl));
        nameInput.current?.focus();
        return;
      }
      onOpenChange(false);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      let shown = false;
      for (const [path, message] of Object.entries(error.fields)) {
        const field = path.split('.')[0];
        if (field === 'content') form.setError('root.content', { message });
        else if (field === 'type' || field === 'name' || field === 'ttl') form.setError(field, { message });
        else continue;
        shown = true;
      }
      if (!shown) setFailure(error.message);
    }
  });

  const nameField = form.register('name');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setFailure(null);
        setWarned(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogTitle>{editing ? `Edit ${editing.type} records of ${relativeName(editing.name, zone.name)}` : `Add records to ${zone.name}`}</DialogTitle>
        <DialogDescription>
          {editing ? 'Change the values and TTL of this set.' : 'Records with the same name and type form one set; new values join it.'}
        </DialogDescription>
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          {failure && <Alert variant="destructive">{failure}</Alert>}
          <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
            <Field label="Type" error={errors.type?.message}>
              <Select
                disabled={editing !== null}
                {...form.register('type', {
                  onChange: (event: { target: { value: string } }) => {
                    const next = event.target.value;
                    if (isRecordType(next)) setValues([emptyValue(next)]);
                  },
                })}
              >
                {recordTypes.map((recordType) => (
                  <option key={recordType}>{recordType}</option>
                ))}
              </Select>
            </Field>
            <Field label="Name" error={errors.name?.message} hint={`@ for ${zone.name} itself, or a name below it, like www.`}>
              <Input
                disabled={editing !== null}
                autoComplete="off"
                spellCheck={false}
                placeholder="@"
                {...nameField}
                ref={(element) => {
                  nameField.ref(element);
                  nameInput.current = element;
                }}
              />
            </Field>
          </div>
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">Values</legend>
            {values.map((value, index) => (
              <div key={index} className="flex items-end gap-2">
                <ValueFields
                  type={type}
                  index={index}
                  value={value}
                  onChange={(next) => setValues(values.map((old, at) => (at === index ? next : old)))}
                  invalid={contentError !== undefined}
                />
                {values.length > 1 && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove value ${index + 1}`}
                    onClick={() => setValues(values.filter((_, at) => at !== index))}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                )}
              </div>
            ))}
            {contentError && (
              <p role="alert" className="text-sm text-destructive">
                {contentError}
              </p>
            )}
            <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setValues([...values, emptyValue(type)])}>
              <Plus aria-hidden />
              Add another value
            </Button>
          </fieldset>
          <Controller
            control={form.control}
            name="ttl"
            render={({ field }) => <TtlField value={field.value} onChange={field.onChange} error={errors.ttl?.message} />}
          />
          {shownWarnings && <Warnings warnings={shownWarnings} />}
          <div className="flex flex-wrap items-center justify-between gap-3">
            {!editing ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={another} onChange={(event) => setAnother(event.target.checked)} className="size-4" />
                Keep the form open for the next record
              </label>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : shownWarnings ? 'Save anyway' : editing ? 'Save changes' : 'Add records'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
