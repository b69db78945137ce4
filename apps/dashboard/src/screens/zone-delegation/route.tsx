import { Alert, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, CopyButton } from '@kaja/ui';
import { useParams } from 'react-router';
import { formatDate, formatDateTime } from '../../format/date-time';
import { StatusLine } from '../zone-tools/status-line';
import { ZoneToolsPage } from '../zone-tools/zone-tools-page';
import { type Delegation, useCheckDelegation, useDelegation } from './delegation-data';
import { delegationHeadline, parentRead } from './delegation-headline';
import { dsStates, nsStates } from './delegation-states';

/**
 * What the parent says beside what it should say, one value a line, with copy buttons for the
 * values to set. Values are marked missing or not ours only against a parent actually read.
 */
function Comparison({
  label,
  parent,
  expected,
  copyDetails,
  unread,
}: {
  label: string;
  parent: string[];
  expected: string[];
  copyDetails: (value: string) => string;
  /** Why the parent's answer cannot be compared (checks off, not checked yet); null when it can. */
  unread: string | null;
}) {
  const expectedSet = new Set(expected);
  const parentSet = new Set(parent);
  return (
    <div className="grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
      <section aria-label={`${label} at the parent zone`} className="grid content-start gap-2">
        <h3 className="text-sm font-medium">The parent zone says</h3>
        {unread !== null && parent.length === 0 ? (
          <p className="text-sm text-muted-foreground">{unread}</p>
        ) : parent.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing</p>
        ) : (
          <ul className="grid gap-1">
            {parent.map((value) => (
              <li key={value} className="flex flex-wrap items-center gap-2">
                <code className="break-all text-xs">{value}</code>
                {unread === null && !expectedSet.has(value) && <Badge variant="outline">not ours</Badge>}
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
                {unread === null && !parentSet.has(value) && <Badge variant="outline">missing</Badge>}
                <CopyButton text={value} details={copyDetails(value)} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const toneClass = {
  neutral: '',
  ok: 'border-green-600/40',
  attention: 'border-amber-500',
  error: 'border-destructive',
} as const;

function StateCard({ zoneId, delegation }: { zoneId: string; delegation: Delegation }) {
  const check = useCheckDelegation(zoneId);
  const headline = delegationHeadline(delegation);
  return (
    <Card className={toneClass[headline.tone]}>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex flex-wrap items-center gap-2" data-testid="delegation-headline">
            {headline.title}
          </h2>
        </CardTitle>
        <CardDescription>{headline.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {delegation.release_at && (
          <Alert>
            Unless it is delegated to us by {formatDate(delegation.release_at)}, this zone is removed and its name freed. The owners are mailed a week ahead.
          </Alert>
        )}
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Zone</dt>
          <dd>
            <Badge variant={delegation.status === 'active' ? 'default' : 'outline'}>{delegation.status}</Badge>{' '}
            <span className="text-muted-foreground">
              {delegation.status === 'pending' ? 'served already; active once the parent delegates it to us' : 'served and active'}
            </span>
          </dd>
          {delegation.checks_enabled && (
            <>
              <dt className="text-muted-foreground">Name servers</dt>
              <dd data-testid="ns-state">{nsStates[delegation.ns_state].title}</dd>
              <dt className="text-muted-foreground">DS record</dt>
              <dd data-testid="ds-state">{dsStates[delegation.ds_state].title}</dd>
              <dt className="text-muted-foreground">Last checked</dt>
              <dd>{delegation.checked_at ? formatDateTime(delegation.checked_at) : 'Never'}</dd>
            </>
          )}
          {delegation.parent_zone && (
            <>
              <dt className="text-muted-foreground">Parent zone</dt>
              <dd className="break-all">{delegation.parent_zone}</dd>
            </>
          )}
        </dl>
        {delegation.problem && <Alert variant="destructive">The last check could not read the parent zone: {delegation.problem}</Alert>}
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
  const delegation = useDelegation(zoneId, { refreshWhenStale: true });
  if (delegation.isPending) return <StatusLine>Loading the delegation…</StatusLine>;
  if (delegation.isError) return <StatusLine error>{delegation.error.message}</StatusLine>;
  const data = delegation.data;
  const ns = nsStates[data.ns_state];
  const ds = dsStates[data.ds_state];
  const showDs = data.ds.expected.length > 0 || data.ds.parent.length > 0 || data.ds_state === 'missing';
  const unread = parentRead(data) ? null : data.checks_enabled ? 'Not read yet' : 'Not checked on this platform';
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <StateCard zoneId={zoneId} delegation={data} />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Name servers</h2>
          </CardTitle>
          <CardDescription>{parentRead(data) ? ns.help : 'Set these name servers at your registrar.'}</CardDescription>
        </CardHeader>
        <CardContent>
          <Comparison label="Name servers" parent={data.ns.parent} expected={data.ns.expected} copyDetails={(server) => server} unread={unread} />
        </CardContent>
      </Card>
      {showDs && (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>DS records</h2>
            </CardTitle>
            <CardDescription>{parentRead(data) ? ds.help : 'Set one of these DS records at your registrar.'}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {parentRead(data) && ds.broken && (
              <Alert variant="destructive">
                {ds.title}: validating resolvers cannot resolve {zoneName} until this is fixed.
              </Alert>
            )}
            <Comparison
              label="DS records"
              parent={data.ds.parent}
              expected={data.ds.expected}
              copyDetails={(record) => `the DS record ${record}`}
              unread={unread}
            />
            <p className="text-sm text-muted-foreground">One DS record is enough; SHA-256 (digest type 2) is accepted by every registrar.</p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

/** /zones/:zoneId/delegation: what the parent zone says (NS, DS) against what it should say, and a check on demand. */
export default function ZoneDelegationScreen() {
  // Asked for at once, beside the zone itself, rather than once the zone has loaded.
  const { zoneId = '' } = useParams();
  useDelegation(zoneId);
  return <ZoneToolsPage title="Delegation">{(zone) => <ZoneDelegation zoneId={zone.id} zoneName={zone.name} />}</ZoneToolsPage>;
}
