import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PageQuery, PagedTable } from './paged-table';
import { TableCell, TableHead, TableRow } from './table';

afterEach(cleanup);

type Zone = { id: string; name: string };

const zones = (names: string[], offset = 0, total = names.length) => ({
  data: names.map((name) => ({ id: name, name })),
  meta: { offset, total },
});

const settled = (data: PageQuery<Zone>['data']): PageQuery<Zone> => ({
  data,
  isPending: false,
  isError: false,
  error: null,
  isPlaceholderData: false,
  refetch: () => undefined,
});

function renderTable(query: PageQuery<Zone>, onPageChange = (_offset: number) => {}) {
  return render(
    <PagedTable
      query={query}
      what="your zones"
      empty={<p>No zones yet</p>}
      label="Zones"
      pagerLabel="Zone pages"
      limit={2}
      onPageChange={onPageChange}
      header={
        <TableRow>
          <TableHead>Name</TableHead>
        </TableRow>
      }
      row={(zone) => (
        <TableRow key={zone.id}>
          <TableCell>{zone.name}</TableCell>
        </TableRow>
      )}
    />,
  );
}

describe('PagedTable', () => {
  it('says it is loading until the first page is in', () => {
    renderTable({ ...settled(undefined), isPending: true });
    expect(screen.getByRole('status').textContent).toBe('Loading your zones…');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why the list could not be loaded and offers to try again', () => {
    const refetch = vi.fn();
    renderTable({ ...settled(undefined), isError: true, error: new Error('Server unavailable'), refetch });
    expect(screen.getByRole('alert').textContent).toBe('Could not load your zones: Server unavailable Try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state when there is nothing at all', () => {
    renderTable(settled(zones([])));
    expect(screen.getByText('No zones yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows a row per item, and the pager when there are more pages', () => {
    const onPageChange = vi.fn();
    renderTable(settled(zones(['example.com', 'example.net'], 0, 3)), onPageChange);
    const table = screen.getByRole('table', { name: 'Zones' });
    expect([...table.querySelectorAll('tbody tr')].map((row) => row.textContent)).toEqual(['example.com', 'example.net']);
    expect(screen.getByRole('navigation', { name: 'Zone pages' }).textContent).toContain('1–2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('keeps the previous page in view while the next one loads', () => {
    renderTable({ ...settled(zones(['example.com', 'example.net'], 0, 3)), isPlaceholderData: true });
    expect(screen.getByRole('table').textContent).toContain('example.com');
    expect(screen.getByRole('navigation').textContent).toContain('Loading the page…');
  });
});
