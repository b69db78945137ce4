import type { components } from '@kaja/api-client';
import { Badge } from '@kaja/ui';

export type RecordSetChange = components['schemas']['RecordSetChange'];

const actionLabel = { create: 'added', update: 'changed', delete: 'removed' } as const;

/** What a change does to each record set: the values removed (−) and added (+). */
export function RecordSetDiff({ changes, label }: { changes: RecordSetChange[]; label: string }) {
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">No record changes.</p>;
  return (
    <ul aria-label={label} className="grid gap-3">
      {changes.map((change) => (
        <li key={`${change.name} ${change.type}`} className="min-w-0 rounded-md border border-border p-3">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span className="break-all font-mono">{change.name}</span>
            <Badge variant="outline">{change.type}</Badge>
            <span className="text-muted-foreground">
              {actionLabel[change.action]}, TTL {change.ttl}
            </span>
          </p>
          <DiffLines removed={change.removed} added={change.added} />
        </li>
      ))}
    </ul>
  );
}

/** Removed and added values, marked in text as well as colour. */
export function DiffLines({ removed, added }: { removed: readonly string[]; added: readonly string[] }) {
  return (
    <div className="mt-2 grid gap-0.5 font-mono text-xs">
      {removed.map((value) => (
        <p key={`-${value}`} className="whitespace-pre-wrap break-all rounded bg-red-50 px-2 py-0.5 text-red-900 dark:bg-red-950 dark:text-red-100">
          <span aria-hidden>− </span>
          <span className="sr-only">Removed: </span>
          {value}
        </p>
      ))}
      {added.map((value) => (
        <p key={`+${value}`} className="whitespace-pre-wrap break-all rounded bg-green-50 px-2 py-0.5 text-green-900 dark:bg-green-950 dark:text-green-100">
          <span aria-hidden>+ </span>
          <span className="sr-only">Added: </span>
          {value}
        </p>
      ))}
    </div>
  );
}
