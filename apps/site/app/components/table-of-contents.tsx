import { Button, Popover, PopoverContent, PopoverTrigger } from '@kaja/ui';
import { ListTree } from 'lucide-react';
import { useState } from 'react';
import type { Heading } from '../content/entry';

/** Pages with at least this many sections get a table of contents. */
export const TOC_MIN_HEADINGS = 4;

/** "On this page": a popover listing the page's sections; an outside click closes it. */
export function TableOfContents({ headings }: { headings: Heading[] }) {
  const [open, setOpen] = useState(false);
  if (headings.length < TOC_MIN_HEADINGS) return null;
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm">
          <ListTree aria-hidden />
          On this page
        </Button>
      </PopoverTrigger>
      <PopoverContent data-testid="toc" className="max-h-96 overflow-y-auto">
        <nav aria-label="Table of contents">
          <ul className="space-y-1 text-sm">
            {headings.map((heading) => (
              <li key={heading.id} className={heading.depth === 3 ? 'pl-4' : ''}>
                <a href={`#${heading.id}`} onClick={() => setOpen(false)} className="block rounded px-2 py-1 hover:bg-muted">
                  {heading.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PopoverContent>
    </Popover>
  );
}
