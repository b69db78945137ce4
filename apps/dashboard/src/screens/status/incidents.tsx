import { Alert, Badge, Button, Checkbox, ConfirmButton, Input, Label, Select, Textarea } from '@kaja/ui';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, unexpectedErrorText } from '../../api/errors';
import { formatDateTime } from '../../format/date-time';
import { PageStatus } from '../../shell/page-status';
import {
  type Incident,
  type IncidentImpact,
  type IncidentStatus,
  type Region,
  useCorrectIncident,
  useDeleteIncident,
  useIncidents,
  usePostIncident,
  usePostIncidentUpdate,
  useRegions,
} from './status-data';

const impactNames: Record<IncidentImpact, string> = {
  none: 'None',
  minor: 'Minor (degraded)',
  major: 'Major (partial outage)',
  critical: 'Critical (full outage)',
};
const statusNames: Record<IncidentStatus, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : unexpectedErrorText);

/** The incidents on the status page: post one, post its updates, correct it, delete one posted by mistake. */
export function Incidents() {
  const incidents = useIncidents();
  const regions = useRegions();
  if (incidents.isPending || regions.isPending) return <PageStatus>Loading the incidents…</PageStatus>;
  if (incidents.isError) return <PageStatus error>{incidents.error.message}</PageStatus>;
  if (regions.isError) return <PageStatus error>{regions.error.message}</PageStatus>;
  return (
    <div className="grid gap-6">
      <details className="rounded-lg border border-border p-4">
        <summary className="cursor-pointer font-medium text-primary">Post an incident</summary>
        <NewIncidentForm regions={regions.data.data} />
      </details>
      {incidents.data.data.length === 0 && <p className="text-muted-foreground">No incidents in the last 90 days.</p>}
      {incidents.data.data.map((incident) => (
        <IncidentCard key={incident.id} incident={incident} regions={regions.data.data} />
      ))}
    </div>
  );
}

function ImpactSelect({ value, onChange }: { value: IncidentImpact; onChange: (value: IncidentImpact) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Impact</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as IncidentImpact)}>
        {Object.entries(impactNames).map(([key, name]) => (
          <option key={key} value={key}>
            {name}
          </option>
        ))}
      </Select>
    </div>
  );
}

function StatusSelect({ value, onChange }: { value: IncidentStatus; onChange: (value: IncidentStatus) => void }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Status</Label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as IncidentStatus)}>
        {Object.entries(statusNames).map(([key, name]) => (
          <option key={key} value={key}>
            {name}
          </option>
        ))}
      </Select>
    </div>
  );
}

function RegionChoice({ regions, chosen, onChange }: { regions: Region[]; chosen: string[]; onChange: (ids: string[]) => void }) {
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Regions affected</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {regions.map((region) => (
          <div key={region.id} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${region.id}`}
              checked={chosen.includes(region.id)}
              onChange={(event) => onChange(event.target.checked ? [...chosen, region.id] : chosen.filter((item) => item !== region.id))}
            />
            <Label htmlFor={`${id}-${region.id}`}>{region.name}</Label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function TextField({ label, value, onChange, multiline = false }: { label: string; value: string; onChange: (value: string) => void; multiline?: boolean }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <Textarea id={id} value={value} required rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <Input id={id} value={value} required autoComplete="off" onChange={(event) => onChange(event.target.value)} />
      )}
    </div>
  );
}

function NewIncidentForm({ regions }: { regions: Region[] }) {
  const post = usePostIncident();
  const [title, setTitle] = useState('');
  const [impact, setImpact] = useState<IncidentImpact>('minor');
  const [regionIds, setRegionIds] = useState<string[]>([]);
  const [status, setStatus] = useState<IncidentStatus>('investigating');
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!title.trim() || !message.trim()) return setFailure('Give the incident a title and a first update.');
    try {
      await post.mutateAsync({ title, impact, region_ids: regionIds, status, message });
      setTitle('');
      setMessage('');
      setRegionIds([]);
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 grid gap-4" aria-label="New incident">
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <TextField label="Title" value={title} onChange={setTitle} />
      <div className="grid gap-4 sm:grid-cols-2">
        <ImpactSelect value={impact} onChange={setImpact} />
        <StatusSelect value={status} onChange={setStatus} />
      </div>
      <RegionChoice regions={regions} chosen={regionIds} onChange={setRegionIds} />
      <TextField label="First update" value={message} onChange={setMessage} multiline />
      <div className="flex justify-end">
        <Button type="submit" disabled={post.isPending}>
          {post.isPending ? 'Posting…' : 'Post incident'}
        </Button>
      </div>
    </form>
  );
}

function IncidentCard({ incident, regions }: { incident: Incident; regions: Region[] }) {
  const remove = useDeleteIncident(incident.id);
  const headingId = `incident-${incident.id}`;
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h3 id={headingId} className="font-semibold [overflow-wrap:anywhere]">
            {incident.title}
          </h3>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant={incident.status === 'resolved' ? 'secondary' : 'default'}>{statusNames[incident.status]}</Badge>
            <span>Impact: {impactNames[incident.impact]}</span>
            <span>{incident.regions.length > 0 ? incident.regions.map((region) => region.name).join(', ') : 'No region named'}</span>
            <span>
              Begun <time dateTime={incident.created_at}>{formatDateTime(incident.created_at)}</time>
            </span>
          </p>
        </div>
        <ConfirmButton
          title={`Delete “${incident.title}”?`}
          description="It disappears from the status page with its updates. Only for an incident posted by mistake: resolve real ones."
          confirm="Delete incident"
          action={() => remove.mutateAsync()}
          aria-label={`Delete the incident ${incident.title}`}
        >
          {(pending) => (pending ? 'Deleting…' : 'Delete')}
        </ConfirmButton>
      </div>
      <ol aria-label="Updates, newest first" className="grid gap-2">
        {incident.updates.map((update) => (
          <li key={update.id} className="grid gap-0.5 border-l-2 border-border pl-3 text-sm">
            <span className="font-medium">
              {statusNames[update.status]} · <time dateTime={update.created_at}>{formatDateTime(update.created_at)}</time>
            </span>
            <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{update.message}</span>
          </li>
        ))}
      </ol>
      <details>
        <summary className="cursor-pointer text-sm text-primary">Post an update</summary>
        <UpdateForm incident={incident} />
      </details>
      <details>
        <summary className="cursor-pointer text-sm text-primary">Correct title, impact or regions</summary>
        <CorrectionForm incident={incident} regions={regions} />
      </details>
    </article>
  );
}

function UpdateForm({ incident }: { incident: Incident }) {
  const post = usePostIncidentUpdate(incident.id);
  const [status, setStatus] = useState<IncidentStatus>(incident.status);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!message.trim()) return setFailure('Write what the update says.');
    try {
      await post.mutateAsync({ status, message });
      setMessage('');
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 grid gap-3" aria-label={`Update of ${incident.title}`}>
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <StatusSelect value={status} onChange={setStatus} />
      <TextField label="Update" value={message} onChange={setMessage} multiline />
      <div className="flex justify-end">
        <Button type="submit" size="sm" disabled={post.isPending}>
          {post.isPending ? 'Posting…' : 'Post update'}
        </Button>
      </div>
    </form>
  );
}

function CorrectionForm({ incident, regions }: { incident: Incident; regions: Region[] }) {
  const correct = useCorrectIncident(incident.id);
  const [title, setTitle] = useState(incident.title);
  const [impact, setImpact] = useState<IncidentImpact>(incident.impact);
  const [regionIds, setRegionIds] = useState(incident.regions.map((region) => region.id));
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!title.trim()) return setFailure('Give the incident a title.');
    try {
      await correct.mutateAsync({ title, impact, region_ids: regionIds });
    } catch (error) {
      setFailure(failureText(error));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 grid gap-3" aria-label={`Correction of ${incident.title}`}>
      {failure && <Alert variant="destructive">{failure}</Alert>}
      <TextField label="Title" value={title} onChange={setTitle} />
      <ImpactSelect value={impact} onChange={setImpact} />
      <RegionChoice regions={regions} chosen={regionIds} onChange={setRegionIds} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" variant="outline" disabled={correct.isPending}>
          {correct.isPending ? 'Saving…' : 'Save correction'}
        </Button>
      </div>
    </form>
  );
}
