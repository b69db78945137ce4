import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './button';

/**
 * Previous and next page of a list the API pages by offset and limit, with where the reader is.
 * `pending`: another page is on its way (the rows shown are still the previous page's).
 */
export function Pager({
  offset,
  limit,
  total,
  onChange,
  label,
  pending = false,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
  label: string;
  pending?: boolean;
}) {
  if (total <= limit && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + limit, total);
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 pt-3 text-sm">
      <p aria-live="polite" className="text-muted-foreground">
        {pending ? 'Loading the page…' : `${first}–${last} of ${total}`}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={pending || offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={pending || offset + limit >= total} onClick={() => onChange(offset + limit)}>
          Next
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
