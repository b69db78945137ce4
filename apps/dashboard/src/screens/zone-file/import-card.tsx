import { Alert, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, Progress, RadioGroup, RadioGroupItem, toast } from '@kaja/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { usePlans } from '../billing/billing-data';
import { StatusLine } from '../zone-tools/status-line';
import { ImportPreview } from './import-preview';
import { type ImportMode, type ImportResult, badLinesOf, planThatFits, readFile, recordLimitOf, useImportZoneFile } from './zone-file-data';
import { countOf, pluralOf } from '../../format/plural';

type Step =
  | { name: 'choose' }
  | { name: 'reading'; percent: number }
  | { name: 'checking' }
  | { name: 'checked'; text: string; result: ImportResult }
  | { name: 'refused'; error: unknown }
  | { name: 'applying'; text: string; result: ImportResult }
  | { name: 'applied'; result: ImportResult };

const modes: { value: ImportMode; label: string; hint: string }[] = [
  { value: 'merge', label: 'Merge', hint: 'Replaces the record sets the file has and keeps all others.' },
  { value: 'replace', label: 'Replace', hint: 'The zone becomes the file: record sets the file lacks are removed.' },
];

function Summary({ result }: { result: ImportResult }) {
  const { summary } = result;
  return (
    <p className="text-sm">
      {countOf(summary.records_in_file, 'record')} in the file: {countOf(summary.sets_created, 'set')} created, {summary.sets_updated} changed,{' '}
      {summary.sets_deleted} removed ({countOf(summary.records_added, 'record')} added, {summary.records_removed} removed).
    </p>
  );
}

/** A refusal for the plan's record limit, with the way out: Billing, the smallest plan that holds the zone chosen there. */
function RecordLimitRefusal({ message, needed }: { message: string; needed: number }) {
  const plans = usePlans();
  const plan = plans.data ? planThatFits(plans.data, needed) : undefined;
  return (
    <Alert variant="destructive">
      <p>{message}.</p>
      {plan && (
        <p className="mt-2">
          <Link to={`/billing?plan=${encodeURIComponent(plan.id)}`} className="font-medium underline underline-offset-4">
            Change to the {plan.name} plan
          </Link>{' '}
          ({plan.limits.records === null ? 'records without limit' : `up to ${countOf(plan.limits.records, 'record')}`}), then choose the file again.
        </p>
      )}
    </Alert>
  );
}

function Refusal({ error }: { error: unknown }) {
  const limit = recordLimitOf(error);
  if (limit) return <RecordLimitRefusal message={limit.message} needed={limit.needed} />;
  const bad = badLinesOf(error);
  if (!bad) return <Alert variant="destructive">{error instanceof Error ? error.message : 'The file could not be imported.'}</Alert>;
  return (
    <Alert variant="destructive">
      <p className="font-medium">
        {countOf(bad.count, 'line')} {pluralOf(bad.count, 'has', 'have')} errors; nothing was imported. Correct the file and choose it again.
      </p>
      <ul aria-label="Lines with errors" className="mt-2 grid gap-1">
        {bad.lines.map((line) => (
          <li key={line.line}>
            Line {line.line}: {line.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** Importing a zone file: choose it, see what it would change (a dry run), then apply it. */
export function ImportCard({ zoneId }: { zoneId: string }) {
  const [mode, setMode] = useState<ImportMode>('merge');
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const importFile = useImportZoneFile(zoneId);
  const inputId = useId();

  const check = async (chosen: File, chosenMode: ImportMode) => {
    try {
      setStep({ name: 'reading', percent: 0 });
      const text = await readFile(chosen, (percent) => setStep({ name: 'reading', percent }));
      setStep({ name: 'checking' });
      setStep({ name: 'checked', text, result: await importFile.mutateAsync({ text, mode: chosenMode, dryRun: true }) });
    } catch (error) {
      setStep({ name: 'refused', error });
    }
  };

  const apply = async (text: string, result: ImportResult) => {
    setStep({ name: 'applying', text, result });
    try {
      const applied = await importFile.mutateAsync({ text, mode, dryRun: false });
      toast.success(`Imported: the zone is at serial ${applied.serial}.`);
      setStep({ name: 'applied', result: applied });
    } catch (error) {
      setStep({ name: 'refused', error });
    }
  };

  const changes =
    step.name === 'checked' || step.name === 'applying' || step.name === 'applied' ? step.result.changes.filter((change) => change.type !== 'SOA') : [];

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Import a zone file</h2>
        </CardTitle>
        <CardDescription>
          An RFC 1035 master file, as BIND and most providers export it (up to 10 MiB). You see what it changes before anything is written. The SOA, the apex NS
          records and DNSSEC records of the file are left out: they are ours.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 [&>*]:min-w-0">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Mode</legend>
          <RadioGroup
            value={mode}
            onValueChange={(value) => {
              setMode(value as ImportMode);
              if (file && step.name !== 'applying') void check(file, value as ImportMode);
            }}
          >
            {modes.map((choice) => (
              <div key={choice.value} className="flex items-start gap-2">
                <RadioGroupItem value={choice.value} id={`${inputId}-${choice.value}`} />
                <Label htmlFor={`${inputId}-${choice.value}`} className="grid gap-0.5 font-normal">
                  <span className="font-medium">{choice.label}</span>
                  <span className="text-muted-foreground">{choice.hint}</span>
                </Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor={inputId}>Zone file</Label>
          <Input
            id={inputId}
            type="file"
            accept=".zone,.txt,.db,text/plain,text/dns"
            className="h-auto min-w-0"
            disabled={step.name === 'reading' || step.name === 'checking' || step.name === 'applying'}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setFile(chosen);
              if (chosen) void check(chosen, mode);
              else setStep({ name: 'choose' });
            }}
          />
        </div>

        {step.name === 'reading' && (
          <div className="grid gap-2">
            <StatusLine>Reading the file: {step.percent}%</StatusLine>
            <Progress value={step.percent} aria-label="Reading the file" />
          </div>
        )}
        {(step.name === 'checking' || step.name === 'applying') && (
          <div className="grid gap-2">
            <StatusLine>{step.name === 'checking' ? 'Checking every line of the file…' : 'Importing…'}</StatusLine>
            <Progress value={null} aria-label={step.name === 'checking' ? 'Checking the file' : 'Importing'} />
          </div>
        )}
        {step.name === 'refused' && <Refusal error={step.error} />}
        {(step.name === 'checked' || step.name === 'applying') && (
          <ImportPreview
            mode={mode}
            result={step.result}
            summary={<Summary result={step.result} />}
            action={{
              label: step.name === 'applying' ? 'Importing…' : `Import (${mode})`,
              disabled: step.name === 'applying' || changes.length === 0,
              onClick: () => step.name === 'checked' && void apply(step.text, step.result),
            }}
          />
        )}
        {step.name === 'applied' && (
          <Alert>
            <p className="font-medium">Imported: the zone is at serial {step.result.serial}.</p>
            <Summary result={step.result} />
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
