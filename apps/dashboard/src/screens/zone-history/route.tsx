import { Badge, Button, Card, CardContent } from '@kaja/ui';
import { useState } from 'react';
import { DiffLines } from '../zone-tools/record-set-diff';
import { StatusLine } from '../zone-tools/status-line';
import { ZoneToolsPage } from '../zone-tools/zone-tools-page';
import { type ZoneChange, useHistory } from './history-data';
import { RestoreDialog } from './restore-dialog';
import { actorText } from '../../format/actor';
import { countOf } from '../../format/plural';

const pageSize = 20;

const sourceLabels: Record<ZoneChange['source'], string> = {
  api: 'API or dashboard',
  import: 'Zone file import',
  restore: 'Restore',
  dynamic_update: 'Dynamic update',
  system: 'Kaja DNS',
};

const recordLine = (record: ZoneChange['added'][number]) => `${record.name} ${record.ttl} ${record.type} ${record.content}`;

/**
 * Record lines drawn per change until it is opened: the API lists up to 1,000 records of each, and a
 * page of bulk changes drawn whole (10,000 lines for a zone filled by ten bulk writes) kept the tab
 * from showing for seconds.
 */
const linesShown = 10;

function Change({ change, latest, onRestore }: { change: ZoneChange; latest: boolean; onRestore: (serial: number) => void }) {
  const [opened, setOpened] = useState(false);
  const listed = change.removed.length + change.added.length;
  const removed = opened ? change.removed : change.removed.slice(0, linesShown);
  const added = opened ? change.added : change.added.slice(0, linesShown - removed.length);
  const hidden = listed - removed.length - added.length;
  const more = change.added_count + change.removed_count - listed;
  return (
    <li>
      <Card>
        <CardContent className="grid gap-2 pt-6">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-medium">Serial {change.serial}</h2>
            <Badge variant="secondary">{sourceLabels[change.source]}</Badge>
            {latest && <Badge variant="outline">Current</Badge>}
          </div>
          <p className="text-sm text-muted-foreground">
            <time dateTime={change.time}>{new Date(change.time).toLocaleString()}</time> · <span>{actorText(change.actor)}</span> · {change.added_count} added,{' '}
            {change.removed_count} removed
          </p>
          <DiffLines removed={removed.map(recordLine)} added={added.map(recordLine)} />
          {hidden > 0 && (
            <div>
              <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setOpened(true)}>
                Show {countOf(hidden, 'more record')}
              </Button>
            </div>
          )}
          {more > 0 && hidden === 0 && <p className="text-xs text-muted-foreground">and {countOf(more, 'more record')} not listed</p>}
          {!latest && (
            <div>
              <Button variant="outline" size="sm" onClick={() => onRestore(change.serial)} aria-label={`Restore the zone to serial ${change.serial}`}>
                Restore this state
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

function ZoneHistory({ zoneId }: { zoneId: string }) {
  const [offset, setOffset] = useState(0);
  const [restoring, setRestoring] = useState<number | null>(null);
  const history = useHistory(zoneId, { limit: pageSize, offset });
  if (history.isPending) return <StatusLine>Loading the zone's changes…</StatusLine>;
  if (history.isError) return <StatusLine error>{history.error.message}</StatusLine>;
  const { data: changes, meta } = history.data;
  if (changes.length === 0) return <StatusLine>No changes yet: they appear here as records are added, changed or removed.</StatusLine>;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Every change to the zone's records, newest first, from the dashboard, the API, imports, restores and dynamic updates.
      </p>
      <ol aria-label="Changes" className="grid gap-3" aria-busy={history.isPlaceholderData}>
        {changes.map((change, index) => (
          <Change key={change.serial} change={change} latest={offset === 0 && index === 0} onRestore={setRestoring} />
        ))}
      </ol>
      <nav aria-label="Pages of changes" className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {offset + 1}–{offset + changes.length} of {meta.total}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - pageSize))}>
            Newer
          </Button>
          <Button variant="outline" size="sm" disabled={offset + pageSize >= meta.total} onClick={() => setOffset(offset + pageSize)}>
            Older
          </Button>
        </div>
      </nav>
      <RestoreDialog zoneId={zoneId} serial={restoring} onClose={() => setRestoring(null)} />
    </div>
  );
}

/** /zones/:zoneId/history: the zone's changes with their diffs, and restoring an earlier state. */
export default function ZoneHistoryScreen() {
  return <ZoneToolsPage title="History">{(zone) => <ZoneHistory zoneId={zone.id} />}</ZoneToolsPage>;
}
