import type { ReactNode } from 'react';
import { Button } from './button';
import { Pager } from './pager';
import { Table, TableBody, TableHeader } from './table';

/** One page of a list as the API answers it: the items and where they sit in the whole. */
export type Page<Item> = { data: Item[]; meta: { offset: number; total: number } };

/** What the table reads of a query (TanStack Query's result fits; the kit does not depend on it). */
export type PageQuery<Item> = {
  data?: Page<Item>;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  /** The rows shown are the previous page's while the next one loads. */
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/**
 * A list the API pages by offset and limit: its loading, error ("Try again") and empty states, the
 * table and the pager. It renders siblings, not a box, so the screen's grid spaces them as before.
 * `what` names the list in the loading and error lines ("Loading {what}…").
 */
export function PagedTable<Item>({
  query,
  what,
  empty,
  label,
  pagerLabel,
  limit,
  onPageChange,
  header,
  row,
  busy,
}: {
  query: PageQuery<Item>;
  what: string;
  empty: ReactNode;
  /** The table's accessible name. */
  label: string;
  pagerLabel: string;
  limit: number;
  onPageChange: (offset: number) => void;
  /** The header row. */
  header: ReactNode;
  /** One row per item, with its `key`. */
  row: (item: Item) => ReactNode;
  /** Marks the table busy for assistive technology, e.g. while a changed filter's page loads. */
  busy?: boolean;
}) {
  const page = query.data;
  return (
    <>
      {query.isPending && (
        <p role="status" className="text-sm text-muted-foreground">
          Loading {what}…
        </p>
      )}
      {query.isError && (
        <p role="alert" className="text-sm text-destructive">
          Could not load {what}: {query.error?.message}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </p>
      )}
      {page?.meta.total === 0 && empty}
      {page && page.data.length > 0 && (
        <div aria-busy={busy}>
          <Table aria-label={label}>
            <TableHeader>{header}</TableHeader>
            <TableBody>{page.data.map(row)}</TableBody>
          </Table>
          <Pager label={pagerLabel} offset={page.meta.offset} pending={query.isPlaceholderData} limit={limit} total={page.meta.total} onChange={onPageChange} />
        </div>
      )}
    </>
  );
}
