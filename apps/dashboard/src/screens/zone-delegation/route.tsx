import { Alert, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, CopyButton } from '@kaja/ui';
import { formatDate, formatDateTime } from '../../format/date-time';
import { StatusLine } from '../zone-tools/status-line';
import { ZoneToolsPage } from '../zone-tools/zone-tools-page';
import { type Delegation, useCheckDelegation, useDelegation } from './delegation-data';
import { dsStates, nsStates } from './delegation-states';

/** What the parent says beside what it should say, one value a line, with copy buttons for the values to set. */
function Comparison({ label, parent, expected, copyDetails }: { label: string; parent: string[]; expected: string[]; copyDetails: (value: string) => string }) {
  const expectedSet = new Set(expected);
  const parentSet = new Set(parent);
  return (
    <div className="grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
      <section aria-label={`${label} at the parent zone`} className="grid content-start gap-2">
        <h3 className="text-sm font-medium">The parent zone says</h3>
        {parent.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing</p>
        ) : (
          <ul className="grid gap-1">
            {parent.map((value) => (
              <li key={value} className="flex flex-wrap items-center gap-2">
                <code className="break-all text-xs">{value}</code>
                {!expectedSet.has(value) && <Badge variant="outline">not ours</Badge>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label={`${label} to set at your registrar`} className="grid content-start gap-2">
        <h3 className="text-sm font-medium">Set at your registrar</h3>
        {expected.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing</p>
        ) : (
          <ul className="grid gap-1">
            {expected.map((value) => (
              <li key={value} className="flex flex-wrap items-center gap-1">
                <code className="break-all text-xs">{value}</code>
                {!parentSet.has(value) && <Badge variant="outline">missing</Badge>}
                <CopyButton text={value} details={copyDetails(value)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function StateCard({ zoneId, delegation }: { zoneId: string; delegation: Delegation }) {
  const check = useCheckDelegation(zoneId);
  const ns = nsStates[delegation.ns_state];
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex flex-wrap items-center gap-2">
            {delegation.status === 'pending' ? 'Pending delegation' : 'Active'}
            <Badge variant={delegation.status === 'active' ? 'default' : 'outline'}>{delegation.status}</Badge>
          </h2>
        </CardTitle>
        <CardDescription>
          {delegation.status === 'pending'
            ? 'The zone is served already, so you can test it before you switch. It becomes active once the parent zone delegates it to our name servers.'
            : 'The parent zone has delegated this zone to our name servers.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {delegation.release_at && (
          <Alert>
            Unless it is delegated to us by {formatDate(delegation.release_at)}, this zone is removed and its name freed. The owners are mailed a week ahead.
          </Alert>
        )}
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Name servers</dt>
          <dd data-testid="ns-state">{ns.title}</dd>
          <dt className="text-muted-foreground">DS record</dt>
          <dd data-testid="ds-state">{dsStates[delegation.ds_state].title}</dd>
          <dt className="text-muted-foreground">Last checked</dt>
          <dd>{delegation.checked_at ? formatDateTime(delegation.checked_at) : 'Never'}</dd>
          {delegation.parent_zone && (
            <>
              <dt className="text-muted-foreground">Parent zone</dt>
              <dd className="break-all">{delegation.parent_zone}</dd>
            </>
          )}
        </dl>
        {delegation.problem && <Alert variant="destructive">The last check could not read the parent zone: {delegation.problem}</Alert>}
        {!delegation.checks_enabled && <Alert>This platform does not check delegations.</Alert>}
        {delegation.checks_enabled && (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => check.mutate()} disabled={check.isPending || delegation.check_pending}>
              {delegation.check_pending ? 'Checking…' : 'Check now'}
            </Button>
            {check.isError && (
              <p role="alert" className="text-sm text-destructive">
                {check.error.message}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ZoneDelegation({ zoneId, zoneName }: { zoneId: string; zoneName: string }) {
  const delegation = useDelegation(zoneId);
  if (delegation.isPending) return <StatusLine>Loading the delegation…</StatusLine>;
  if (delegation.isError) return <StatusLine error>{delegation.error.message}</StatusLine>;
  const data = delegation.data;
  const ns = nsStates[data.ns_state];
  const ds = dsStates[data.ds_state];
  const showDs = data.ds.expected.length > 0 || data.ds.parent.length > 0 || data.ds_state === 'missing';
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <StateCard zoneId={zoneId} delegation={data} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Name servers</h2>
          </CardTitle>
          <CardDescription>{ns.help}</CardDescription>
        </CardHeader>
        <CardContent>
          <Comparison label="Name servers" parent={data.ns.parent} expected={data.ns.expected} copyDetails={(server) => server} />
        </CardContent>
      </Card>
      {showDs && (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>DS records</h2>
            </CardTitle>
            <CardDescription>{ds.help}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {ds.broken && (
              <Alert variant="destructive">
                {ds.title}: validating resolvers cannot resolve {zoneName} until this is fixed.
              </Alert>
            )}
            <Comparison label="DS records" parent={data.ds.parent} expected={data.ds.expected} copyDetails={(record) => `the DS record ${record}`} />
            <p className="text-sm text-muted-foreground">One DS record is enough; SHA-256 (digest type 2) is accepted by every registrar.</p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** /zones/:zoneId/delegation: what the parent zone says (NS, DS) against what it should say, and a check on demand. */
export default function ZoneDelegationScreen() {
  return <ZoneToolsPage title="Delegation">{(zone) => <ZoneDelegation zoneId={zone.id} zoneName={zone.name} />}</ZoneToolsPage>;
}
