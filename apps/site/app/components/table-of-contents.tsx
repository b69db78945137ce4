import { Button } from '@kaja/ui';
import { ListTree } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Heading } from '../content/entry';
import { Island } from '../islands/island';

/** Pages with at least this many sections get a table of contents. */
export const TOC_MIN_HEADINGS = 4;

/** The table of contents as an island of a pre-rendered page, on pages long enough to have one. */
export function PageContents({ headings }: { headings: Heading[] }) {
  return headings.length < TOC_MIN_HEADINGS ? null : <Island name="table-of-contents" component={TableOfContents} props={{ headings }} />;
}

/**
 * "On this page": a panel listing the page's sections under its button; an outside click, Escape or a
 * section chosen closes it. A disclosure of its own, not the kit's popover: the popover's positioning
 * library would be most of the JavaScript of a documentation page (decision 054).
 */
export function TableOfContents({ headings }: { headings: Heading[] }) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);
  if (headings.length < TOC_MIN_HEADINGS) return null;
  return (
    <div ref={container} className="relative inline-block">
      <Button variant="outline" size="sm" aria-expanded={open} aria-controls="toc" onClick={() => setOpen(!open)}>
        <ListTree aria-hidden />
        On this page
      </Button>
      {open && (
        <div
          id="toc"
          data-testid="toc"
          className="absolute left-0 top-full z-50 mt-1 max-h-96 w-72 overflow-y-auto rounded-md border border-border bg-popover p-4 text-popover-foreground shadow-md"
        >
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
        </div>
      )}
    </div>
  );
}
