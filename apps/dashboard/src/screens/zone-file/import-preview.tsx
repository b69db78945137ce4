import { Badge, Button, Input, Label } from '@kaja/ui';
import { ChevronRight, TriangleAlert } from 'lucide-react';
import { type ReactNode, useDeferredValue, useId, useMemo, useState } from 'react';
import { countOf } from '../../format/plural';
import { type RecordSetChange, RecordSetDiff } from '../zone-tools/record-set-diff';
import type { ImportResult } from './zone-file-data';

/** Groups this size or smaller start open; larger ones start closed, so a big file's preview stays short. */
const openUpTo = 20;

const numbers = new Intl.NumberFormat('en');

/** Whether a change mentions the search text, in its name or any value. */
const matches = (change: RecordSetChange, search: string) =>
  search === '' || [change.name, ...change.added, ...change.removed].some((text) => text.toLowerCase().includes(search));

/** The counts of a dry run per record type: what the file adds, changes and removes. */
function TypeCounts({ byType }: { byType: ImportResult['summary']['by_type'] }) {
  if (byType.length === 0) return null;
  return (
    <table className="w-full max-w-md text-sm" aria-label="Changes per record type">
      <thead>
        <tr className="text-left text-muted-foreground">
          <th scope="col" className="py-1 pr-4 font-medium">
            Type
          </th>
          <th scope="col" className="py-1 pr-4 text-right font-medium">
            Added
          </th>
          <th scope="col" className="py-1 pr-4 text-right font-medium">
            Changed
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Removed
          </th>
        </tr>
      </thead>
      <tbody>
        {byType.map((row) => (
          <tr key={row.type} className="border-t border-border">
            <th scope="row" className="py-1 pr-4 text-left font-mono font-normal">
              {row.type}
            </th>
            <td className="py-1 pr-4 text-right tabular-nums">{numbers.format(row.created)}</td>
            <td className="py-1 pr-4 text-right tabular-nums">{numbers.format(row.updated)}</td>
            <td className="py-1 text-right tabular-nums">{numbers.format(row.deleted)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What the sets of the file do that may not be meant: shown before importing, as in the record form. */
export function ImportWarnings({ warnings }: { warnings: ImportResult['warnings'] }) {
  if (warnings.length === 0) return null;
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert aria-hidden className="size-4" />
        Check before importing
      </p>
      <ul className="grid list-disc gap-1 pl-5">
        {warnings.map((warning) => (
          <li key={`${warning.name} ${warning.type} ${warning.code}`}>{warning.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** One record type's changes, opened and closed by its heading; the cards are drawn only while open. */
function TypeGroup({ type, changes, open, onToggle }: { type: string; changes: RecordSetChange[]; open: boolean; onToggle: () => void }) {
  const panelId = useId();
  const count = (action: RecordSetChange['action']) => changes.filter((change) => change.action === action).length;
  return (
    <section aria-label={`${type} changes`} className="grid gap-2">
      <h4>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full flex-wrap items-center gap-2 rounded-md border border-border px-3 py-2 text-left text-sm hover:bg-muted/50"
        >
          <ChevronRight aria-hidden className={`size-4 transition-transform ${open ? 'rotate-90' : ''}`} />
          <Badge variant="outline">{type}</Badge>
          <span className="font-medium">{countOf(changes.length, 'set')}</span>
          <span className="text-muted-foreground">
            {numbers.format(count('create'))} added, {numbers.format(count('update'))} changed, {numbers.format(count('delete'))} removed
          </span>
        </button>
      </h4>
      <div id={panelId} hidden={!open}>
        {open && <RecordSetDiff changes={changes} label={`${type} record set changes`} />}
      </div>
    </section>
  );
}

/**
 * The dry run of an import, for a file of any size: the counts per type, the warnings and the
 * Import action in a bar that stays in view, then the changes grouped by type (large groups
 * closed) with a search over names and values.
 */
export function ImportPreview({
  mode,
  result,
  summary,
  action,
}: {
  mode: string;
  result: ImportResult;
  summary: ReactNode;
  action: { label: string; disabled: boolean; onClick: () => void };
}) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim().toLowerCase());
  // Groups opened or closed by hand, for the search they were toggled under; the rest follow their
  // size, or open while the search finds something in them. A new search starts from that again.
  const [toggles, setToggles] = useState<{ search: string; open: Record<string, boolean> }>({ search: '', open: {} });
  const toggled = toggles.search === deferredSearch ? toggles.open : {};

  const changes = useMemo(() => result.changes.filter((change) => change.type !== 'SOA'), [result.changes]);
  const groups = useMemo(() => {
    const byType = new Map<string, RecordSetChange[]>();
    for (const change of changes) if (matches(change, deferredSearch)) byType.set(change.type, [...(byType.get(change.type) ?? []), change]);
    return [...byType.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [changes, deferredSearch]);
  const shown = groups.reduce((total, [, group]) => total + group.length, 0);
  const isOpen = (type: string, size: number) => toggled[type] ?? (deferredSearch !== '' || size <= openUpTo);

  return (
    <section aria-label="What the import changes" className="grid gap-3">
      <div data-testid="import-bar" className="sticky top-0 z-10 grid gap-3 border-b border-border bg-card py-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1">
            <h3 className="font-medium">What the import changes ({mode})</h3>
            {summary}
          </div>
          <Button disabled={action.disabled} onClick={action.onClick}>
            {action.label}
          </Button>
        </div>
      </div>
      <TypeCounts byType={result.summary.by_type} />
      <ImportWarnings warnings={result.warnings} />
      {result.ignored.length > 0 && (
        <ul aria-label="Left out" className="grid gap-1 text-sm text-muted-foreground">
          {result.ignored.map((ignored) => (
            <li key={`${ignored.name} ${ignored.type}`}>
              Left out: {ignored.name} {ignored.type} ({ignored.count}): {ignored.reason}
            </li>
          ))}
        </ul>
      )}
      {changes.length > 0 && (
        <div className="grid gap-1.5">
          <Label htmlFor={searchId}>Search the changes</Label>
          <Input
            id={searchId}
            type="search"
            value={search}
            placeholder="A name or a value, like www or 192.0.2."
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setSearch(event.target.value)}
          />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {deferredSearch === ''
              ? `${countOf(changes.length, 'set change')} in ${countOf(groups.length, 'type')}.`
              : `${numbers.format(shown)} of ${countOf(changes.length, 'set change')} match.`}
            {result.changes_total > result.changes.length &&
              ` The first ${numbers.format(result.changes.length)} of ${numbers.format(result.changes_total)} are listed; the counts above are of all of them.`}
          </p>
        </div>
      )}
      {changes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No record changes.</p>
      ) : (
        <div className="grid gap-3">
          {groups.map(([type, group]) => (
            <TypeGroup
              key={type}
              type={type}
              changes={group}
              open={isOpen(type, group.length)}
              onToggle={() => setToggles({ search: deferredSearch, open: { ...toggled, [type]: !isOpen(type, group.length) } })}
            />
          ))}
        </div>
      )}
    </section>
  );
}
