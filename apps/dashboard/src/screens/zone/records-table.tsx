import { Badge, Button } from '@kaja/ui';
import { type ColumnDef, flexRender, getCoreRowModel, type RowSelectionState, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ttlText } from '../../components/ttl';
import { relativeName } from './record-names';
import { type RecordSet, type RecordSetPages, recordPageSize } from './zone-data';

type RecordsTableProps = {
  zoneName: string;
  /** The matching sets: `total` places, their pages fetched as the table comes to them. */
  sets: RecordSetPages;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  onEdit: (set: RecordSet) => void;
  onDelete: (set: RecordSet) => void;
  /** No selection and no edit or delete buttons (a secondary zone's records). */
  readOnly?: boolean;
};

const rowHeight = 52;
/** Below 768 px a set is a card of three lines (name, type and TTL, then its values). */
const cardHeight = 96;
/** Sets past the last in view whose page is fetched ahead, so scrolling on rarely meets an empty row. */
const prefetch = recordPageSize / 2;

/**
 * The zone's record sets in the API's order. Only the rows in view are in the page (TanStack Virtual),
 * so ten thousand sets scroll as smoothly as ten. The scroll bar spans every matching set: the rows
 * in view and the next ones are fetched by their page, so a jump to the end loads only the end.
 */
export function RecordsTable({ zoneName, sets, selection, onSelectionChange, onEdit, onDelete, readOnly = false }: RecordsTableProps) {
  const columns = useMemo<ColumnDef<RecordSet>[]>(
    () => [
      {
        id: 'select',
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label="Select all loaded record sets"
            className="size-4"
            checked={table.getIsAllRowsSelected()}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) =>
          row.getCanSelect() ? (
            <input
              type="checkbox"
              aria-label={`Select ${row.original.type} ${relativeName(row.original.name, zoneName)}`}
              className="size-4"
              checked={row.getIsSelected()}
              onChange={row.getToggleSelectedHandler()}
            />
          ) : null,
      },
      { id: 'name', header: 'Name', cell: ({ row }) => <span className="font-mono">{relativeName(row.original.name, zoneName)}</span> },
      {
        id: 'type',
        header: 'Type',
        cell: ({ row }) => (
          <span className="inline-flex items-center gap-1">
            <Badge variant="outline">{row.original.type}</Badge>
            {row.original.managed && <Badge variant="secondary">managed</Badge>}
          </span>
        ),
      },
      {
        id: 'ttl',
        header: 'TTL',
        cell: ({ row }) => (
          <>
            <span className="md:hidden">TTL </span>
            {ttlText(row.original.ttl)}
          </>
        ),
      },
      {
        id: 'content',
        header: 'Content',
        cell: ({ row }) => (
          <ul className="min-w-0">
            {row.original.content.map((content) => (
              <li key={content} className="truncate font-mono text-xs max-md:line-clamp-2 max-md:whitespace-normal max-md:break-all" title={content}>
                {content}
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        cell: ({ row }) =>
          row.original.managed ? null : (
            <span className="flex justify-end gap-1">
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Edit ${row.original.type} ${relativeName(row.original.name, zoneName)}`}
                onClick={() => onEdit(row.original)}
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Delete ${row.original.type} ${relativeName(row.original.name, zoneName)}`}
                onClick={() => onDelete(row.original)}
              >
                <Trash2 aria-hidden />
              </Button>
            </span>
          ),
      },
    ],
    [zoneName, onEdit, onDelete],
  );
  const shown = useMemo(() => (readOnly ? columns.filter((column) => column.id !== 'select' && column.id !== 'actions') : columns), [columns, readOnly]);

  const table = useReactTable({
    data: sets.loaded,
    columns: shown,
    getRowId: (set) => set.id,
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: (row) => !readOnly && !row.original.managed,
    state: { rowSelection: selection },
    onRowSelectionChange: (update) => onSelectionChange(typeof update === 'function' ? update(selection) : update),
  });
  const { rowsById } = table.getRowModel();

  const scroller = useRef<HTMLDivElement>(null);
  const narrow = useNarrow();
  const virtualizer = useVirtualizer({
    count: sets.total,
    getScrollElement: () => scroller.current,
    estimateSize: () => (narrow ? cardHeight : rowHeight),
    overscan: 12,
  });
  useEffect(() => virtualizer.measure(), [narrow, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const firstInView = items[0]?.index ?? 0;
  const lastInView = items.at(-1)?.index ?? 0;
  const { need, total } = sets;
  useEffect(() => {
    need(firstInView, Math.min(total - 1, lastInView + prefetch));
  }, [firstInView, lastInView, total, need]);

  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div
      ref={scroller}
      className="max-h-[65vh] overflow-auto rounded-md border border-border"
      data-testid="records-scroller"
      tabIndex={0}
      role="region"
      aria-label="Record sets"
    >
      {/* Below 768 px the rows are cards: the table keeps its roles, its header is for screen readers only. */}
      <table role="table" className="block w-full text-sm md:table" aria-rowcount={total + 1}>
        <thead role="rowgroup" className="sticky top-0 z-10 bg-background max-md:sr-only">
          {table.getHeaderGroups().map((group) => (
            <tr role="row" key={group.id} className="border-b border-border">
              {group.headers.map((header) => (
                <th role="columnheader" key={header.id} className="h-10 px-3 text-left font-medium text-muted-foreground">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody role="rowgroup" className="block md:table-row-group">
          {before > 0 && (
            <tr aria-hidden className="block md:table-row">
              <td style={{ height: before }} colSpan={shown.length} className="block md:table-cell" />
            </tr>
          )}
          {items.map((item) => {
            const set = sets.setAt(item.index);
            const row = set && rowsById[set.id];
            if (!row)
              return (
                <tr
                  role="row"
                  key={`loading-${item.index}`}
                  data-index={item.index}
                  aria-rowindex={item.index + 2}
                  className="block border-b border-border md:table-row"
                >
                  <td
                    role="cell"
                    colSpan={shown.length}
                    className="block px-3 py-2 text-muted-foreground md:table-cell"
                    style={{ height: narrow ? cardHeight : rowHeight }}
                  >
                    Loading…
                  </td>
                </tr>
              );
            return (
              <tr
                role="row"
                key={row.id}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 gap-y-1 border-b border-border px-3 py-2 hover:bg-muted/50 md:table-row md:p-0"
              >
                {row.getVisibleCells().map((cell) => (
                  <td role="cell" key={cell.id} className={cellClass[cell.column.id]}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden className="block md:table-row">
              <td style={{ height: after }} colSpan={shown.length} className="block md:table-cell" />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

const desktop = 'md:table-cell md:px-3 md:py-2 md:align-top';
/**
 * Where each cell sits in a card (below 768 px): the name with the edit and delete buttons on the first
 * line, the type and TTL on the second, the values across the third; the checkbox beside the name.
 */
const cellClass: Record<string, string> = {
  select: `col-start-1 row-start-1 whitespace-nowrap ${desktop}`,
  name: `col-start-2 row-start-1 min-w-0 break-all md:whitespace-nowrap md:break-normal ${desktop}`,
  type: `col-start-2 row-start-2 whitespace-nowrap ${desktop}`,
  ttl: `col-start-3 row-start-2 whitespace-nowrap text-right text-muted-foreground md:text-left md:text-foreground ${desktop}`,
  content: `col-span-3 col-start-1 row-start-3 min-w-0 md:max-w-[28rem] ${desktop}`,
  actions: `col-start-3 row-start-1 whitespace-nowrap ${desktop}`,
};

/** Whether the screen is narrower than 768 px (Tailwind's `md`), where rows become cards. */
function useNarrow() {
  const query = '(max-width: 767.98px)';
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const changed = () => setNarrow(media.matches);
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, []);
  return narrow;
}
