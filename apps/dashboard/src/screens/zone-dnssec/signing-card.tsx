import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  Label,
  Progress,
  RadioGroup,
  RadioGroupItem,
  Select,
} from '@kaja/ui';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '../../forms/field';
import { algorithms, type DnssecStatus, useUpdateDnssecStatus } from './dnssec-data';

const stateLabels: Record<DnssecStatus['state'], string> = { off: 'Off', signing: 'Generating keys', active: 'Signed', disabling: 'Being turned off' };

/** NSEC or NSEC3, as a radio choice (used before enabling and while signed). */
function DenialChoice({ value, onChange, disabled }: { value: boolean; onChange: (nsec3: boolean) => void; disabled?: boolean }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Proof that a name does not exist</legend>
      <RadioGroup value={value ? 'nsec3' : 'nsec'} onValueChange={(choice) => onChange(choice === 'nsec3')} disabled={disabled}>
        <div className="flex items-start gap-2">
          <RadioGroupItem value="nsec" id="denial-nsec" />
          <Label htmlFor="denial-nsec" className="grid gap-0.5 font-normal">
            <span className="font-medium">NSEC</span>
            <span className="text-muted-foreground">Simplest and smallest answers; the zone's names can be listed by walking the chain.</span>
          </Label>
        </div>
        <div className="flex items-start gap-2">
          <RadioGroupItem value="nsec3" id="denial-nsec3" />
          <Label htmlFor="denial-nsec3" className="grid gap-0.5 font-normal">
            <span className="font-medium">NSEC3</span>
            <span className="text-muted-foreground">Hashed names (RFC 9276 parameters), so the zone is harder to list.</span>
          </Label>
        </div>
      </RadioGroup>
    </fieldset>
  );
}

const enableSchema = z.object({ nsec3: z.boolean(), algorithm: z.enum(algorithms) });

function EnableForm({ zoneId, status }: { zoneId: string; status: DnssecStatus }) {
  const update = useUpdateDnssecStatus(zoneId);
  const form = useForm({ resolver: zodResolver(enableSchema), defaultValues: { nsec3: status.nsec3, algorithm: 'ECDSAP256SHA256' as const } });
  const submit = form.handleSubmit((values) => update.mutateAsync({ enabled: true, ...values }).catch(() => undefined));
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4">
      <Controller control={form.control} name="nsec3" render={({ field }) => <DenialChoice value={field.value} onChange={field.onChange} />} />
      <Field label="Algorithm" hint="ECDSA P-256 is what most registrars and resolvers expect.">
        <Select {...form.register('algorithm')}>
          {algorithms.map((algorithm) => (
            <option key={algorithm}>{algorithm}</option>
          ))}
        </Select>
      </Field>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Enabling…' : 'Enable DNSSEC'}
        </Button>
      </div>
    </form>
  );
}

function DisableDialog({ zoneId }: { zoneId: string }) {
  const [open, setOpen] = useState(false);
  const update = useUpdateDnssecStatus(zoneId);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Disable DNSSEC
      </Button>
      <DialogContent>
        <DialogTitle>Disable DNSSEC?</DialogTitle>
        <DialogDescription>Remove the DS record at your registrar first, and wait until the parent zone no longer publishes it.</DialogDescription>
        <p className="text-sm">
          While the parent zone still has a DS record, validating resolvers need the zone signed: without the keys they would reject every answer and the domain
          would disappear for their users. So the zone stays signed for two more days and tells the parent to remove the DS (delete CDS/CDNSKEY records). Then
          the keys are removed and the zone is served unsigned. Until then you can turn DNSSEC back on and keep the same keys.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Keep DNSSEC</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={update.isPending}
            onClick={() =>
              void update.mutateAsync({ enabled: false }).then(
                () => setOpen(false),
                () => undefined,
              )
            }
          >
            {update.isPending ? 'Disabling…' : 'The DS is removed: disable'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Whether the zone is signed: turn signing on or off, follow key generation, choose NSEC or NSEC3. */
export function SigningCard({ zoneId, status }: { zoneId: string; status: DnssecStatus }) {
  const update = useUpdateDnssecStatus(zoneId);
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex flex-wrap items-center gap-2">
            Signing <Badge variant={status.state === 'active' ? 'default' : 'secondary'}>{stateLabels[status.state]}</Badge>
          </h2>
        </CardTitle>
        <CardDescription>
          DNSSEC signs your zone's answers, so validating resolvers can tell they really come from us and were not forged on the way. It takes two steps: we
          sign the zone here, then you publish a DS record at your domain's registrar, which links your domain's signatures to the parent zone.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 [&>*]:min-w-0">
        {status.state === 'off' && <EnableForm zoneId={zoneId} status={status} />}
        {status.state === 'signing' && (
          <div className="grid gap-2">
            <p id="dnssec-progress-label" className="text-sm">
              Generating the zone's keys and signing it. This takes a few seconds; the DS records appear here when they are final.
            </p>
            <Progress value={null} aria-labelledby="dnssec-progress-label" />
          </div>
        )}
        {status.state === 'active' && (
          <>
            <DenialChoice value={status.nsec3} disabled={update.isPending} onChange={(nsec3) => update.mutate({ nsec3 })} />
            <div>
              <DisableDialog zoneId={zoneId} />
            </div>
          </>
        )}
        {status.state === 'disabling' && (
          <>
            <Alert>
              DNSSEC is being turned off. The zone stays signed and asks the parent to remove the DS record
              {status.keys_removed_at ? ` until ${new Date(status.keys_removed_at).toLocaleString()}` : ''}; then its keys are removed and it is served
              unsigned.
            </Alert>
            <div>
              <Button disabled={update.isPending} onClick={() => update.mutate({ enabled: true })}>
                Turn DNSSEC back on (same keys)
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
