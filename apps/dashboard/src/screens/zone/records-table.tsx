import { Badge, Button } from '@kaja/ui';
import { type ColumnDef, flexRender, getCoreRowModel, type RowSelectionState, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { ttlText } from '../../components/ttl';
import { relativeName } from './record-names';
import type { RecordSet } from './zone-data';

type RecordsTableProps = {
  zoneName: string;
  sets: RecordSet[];
  /** How many sets match in all (more are loaded as the table scrolls). */
  total: number;
  loadMore: () => void;
  selection: RowSelectionState;
  onSelectionChange: (selection: RowSelectionState) => void;
  onEdit: (set: RecordSet) => void;
  onDelete: (set: RecordSet) => void;
  /** No selection and no edit or delete buttons (a secondary zone's records). */
  readOnly?: boolean;
};

const rowHeight = 52;

/**
 * The zone's record sets in the API's order. Only the rows in view are in the page (TanStack Virtual),
 * so ten thousand sets scroll as smoothly as ten; the next page is fetched before the end is reached.
 */
export function RecordsTable({ zoneName, sets, total, loadMore, selection, onSelectionChange, onEdit, onDelete, readOnly = false }: RecordsTableProps) {
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
      { id: 'ttl', header: 'TTL', cell: ({ row }) => ttlText(row.original.ttl) },
      {
        id: 'content',
        header: 'Content',
        cell: ({ row }) => (
          <ul className="min-w-0">
            {row.original.content.map((content) => (
              <li key={content} className="truncate font-mono text-xs" title={content}>
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
    data: sets,
    columns: shown,
    getRowId: (set) => set.id,
    getCoreRowModel: getCoreRowModel(),
    enableRowSelection: (row) => !readOnly && !row.original.managed,
    state: { rowSelection: selection },
    onRowSelectionChange: (update) => onSelectionChange(typeof update === 'function' ? update(selection) : update),
  });
  const rows = table.getRowModel().rows;

  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const lastInView = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (rows.length < total && lastInView >= rows.length - 20) loadMore();
  }, [lastInView, rows.length, total, loadMore]);

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
      <table className="w-full text-sm" aria-rowcount={total + 1}>
        <thead className="sticky top-0 z-10 bg-background">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-border">
              {group.headers.map((header) => (
                <th key={header.id} className="h-10 px-3 text-left font-medium text-muted-foreground">
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 && (
            <tr aria-hidden>
              <td style={{ height: before }} colSpan={shown.length} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <tr
                key={row.id}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                className="border-b border-border hover:bg-muted/50"
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={cell.column.id === 'content' ? 'max-w-[28rem] px-3 py-2 align-top' : 'whitespace-nowrap px-3 py-2 align-top'}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden>
              <td style={{ height: after }} colSpan={shown.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
