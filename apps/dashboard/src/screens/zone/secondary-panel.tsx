import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Select, toast } from '@kaja/ui';
import { Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatDateTime } from '../../format/date-time';
import { countOf } from '../../format/plural';
import { Field } from '../../forms/field';
import { showServerErrors } from '../../forms/server-errors';
import { useTsigKeys } from '../zone-tsig/tsig-data';
import type { Zone } from '../zones/zones-data';
import { maxPrimaries, primaryRow, primaryRows, type SecondaryState, transferStatePollMs, useSetPrimaries, useTransferNow } from './secondary-data';
import { useZone } from './zone-data';

const schema = z.object({ primaries: primaryRows(primaryRow.extend({ tsig_key_id: z.string() })) });

const when = (iso: string | null, never: string) => (iso ? formatDateTime(iso) : never);

/** An SOA timer as written: its seconds, and the largest whole unit they make ("3600 s (1 hour)"). */
function timer(seconds: number): string {
  const unit = (
    [
      [86400, 'day'],
      [3600, 'hour'],
      [60, 'minute'],
    ] as const
  ).find(([size]) => seconds >= size && seconds % size === 0);
  return unit ? `${seconds} s (${countOf(seconds / unit[0], unit[1])})` : `${seconds} s`;
}

function TransferState({ zone, state }: { zone: Zone; state: SecondaryState }) {
  const transfer = useTransferNow(zone.id);
  const rows: [string, string][] = [
    ['Last serial', state.last_serial === null ? 'None yet' : String(state.last_serial)],
    ['Last success', when(state.last_success_at, 'Never')],
    ['Last attempt', when(state.last_attempt_at, 'Not yet')],
    ['Next check', when(state.next_refresh_at, 'Not planned')],
    ['Stops being served', when(state.expires_at, 'Not before the first transfer')],
    // The served SOA's timers decide the two lines above: a reader sees why the next check is when it is.
    ['SOA refresh', state.soa_timers ? timer(state.soa_timers.refresh) : 'After the first transfer'],
    ['SOA retry', state.soa_timers ? timer(state.soa_timers.retry) : 'After the first transfer'],
    ['SOA expire', state.soa_timers ? timer(state.soa_timers.expire) : 'After the first transfer'],
  ];
  return (
    <div className="grid gap-3">
      <dl aria-label="Transfer state" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd data-testid={`transfer-${term.toLowerCase().replace(/ /g, '-')}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {state.last_error ? (
        <Alert variant="destructive" data-testid="transfer-last-error">
          Last attempt failed: {state.last_error}
        </Alert>
      ) : (
        state.last_success_at && <p className="text-sm text-muted-foreground">The last attempt succeeded.</p>
      )}
      <div>
        <Button
          variant="outline"
          disabled={transfer.isPending}
          onClick={() =>
            transfer.mutate(undefined, {
              onSuccess: () => toast.success('Checking the primaries now', { description: 'The transfer state below follows.' }),
            })
          }
        >
          <RefreshCw aria-hidden />
          Transfer now
        </Button>
      </div>
    </div>
  );
}

function PrimariesForm({ zone, state }: { zone: Zone; state: SecondaryState }) {
  const keys = useTsigKeys(zone.id);
  const save = useSetPrimaries(zone.id);
  const [failure, setFailure] = useState<string | null>(null);
  const saved = () => ({ primaries: state.primaries.map((p) => ({ address: p.address, port: p.port, tsig_key_id: p.tsig_key_id ?? '' })) });
  const form = useForm({ resolver: zodResolver(schema), defaultValues: saved() });
  const rows = useFieldArray({ control: form.control, name: 'primaries' });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const next = await save.mutateAsync(values.primaries.map((p) => ({ ...p, tsig_key_id: p.tsig_key_id || null })));
      form.reset({ primaries: next.primaries.map((p) => ({ address: p.address, port: p.port, tsig_key_id: p.tsig_key_id ?? '' })) });
      toast.success('Primaries saved', { description: 'The zone is transferred from them now.' });
    } catch (error) {
      setFailure(showServerErrors(error, form.setError, ['primaries']));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Primaries" className="grid gap-4">
      <h3 className="text-base font-semibold">Primaries</h3>
      <p className="text-sm text-muted-foreground">
        Tried in order. A TSIG key signs the transfers: create it on the zone's TSIG keys tab, give its secret to your primary, then choose it here.
      </p>
      {failure && <Alert variant="destructive">{failure}</Alert>}
      {errors.primaries?.root?.message && <Alert variant="destructive">{errors.primaries.root.message}</Alert>}
      <ul className="grid gap-3">
        {rows.fields.map((row, index) => (
          <li key={row.id} className="grid gap-3 rounded-md border border-border p-3 sm:grid-cols-[1fr_7rem_1fr_auto] sm:items-start">
            <Field label={`Primary ${index + 1} address`} error={errors.primaries?.[index]?.address?.message}>
              <Input placeholder="198.51.100.53" autoComplete="off" spellCheck={false} {...form.register(`primaries.${index}.address`)} />
            </Field>
            <Field label="Port" error={errors.primaries?.[index]?.port?.message}>
              <Input type="number" inputMode="numeric" {...form.register(`primaries.${index}.port`)} />
            </Field>
            <Field label="TSIG key" error={errors.primaries?.[index]?.tsig_key_id?.message}>
              <Select {...form.register(`primaries.${index}.tsig_key_id`)}>
                <option value="">None (unsigned)</option>
                {(keys.data ?? []).map((key) => (
                  <option key={key.id} value={key.id}>
                    {key.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="sm:mt-6"
              aria-label={`Remove primary ${index + 1}`}
              disabled={rows.fields.length === 1}
              onClick={() => rows.remove(index)}
            >
              <Trash2 aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={rows.fields.length >= maxPrimaries}
          onClick={() => rows.append({ address: '', port: 53, tsig_key_id: '' })}
        >
          <Plus aria-hidden />
          Add a primary
        </Button>
        <Button type="submit" disabled={save.isPending || !form.formState.isDirty}>
          {save.isPending ? 'Saving…' : 'Save primaries'}
        </Button>
      </div>
    </form>
  );
}

/** A secondary zone's transfers: where from, how the last ones went, and a check on demand. */
export function SecondaryPanel({ zone, state }: { zone: Zone; state: SecondaryState }) {
  // Another reader of the zone, polling it: a NOTIFY or the refresh timer changes it while the page is open.
  useZone(zone.id, { refetchInterval: transferStatePollMs });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Transfers from your primaries</h2>
        </CardTitle>
        <CardDescription>
          This is a secondary zone: we copy it from your primary servers (AXFR, then IXFR) when they send a NOTIFY and at the SOA's refresh interval, and serve
          it exactly as received.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 [&>*]:min-w-0">
        <TransferState zone={zone} state={state} />
        <PrimariesForm zone={zone} state={state} />
      </CardContent>
    </Card>
  );
}
