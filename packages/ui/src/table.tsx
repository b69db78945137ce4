import { type ComponentProps, type RefObject, useEffect, useRef, useState } from 'react';
import { cn } from './cn';

/** Whether the element's content is wider than the element, followed as either changes size. */
function useScrollsSideways(element: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const scroller = element.current;
    // Nothing to follow where the browser has no layout (jsdom): such a table never scrolls.
    if (!scroller || typeof ResizeObserver === 'undefined') return;
    // The observer also reports the sizes it starts with.
    const observer = new ResizeObserver(() => setScrolls(scroller.scrollWidth > scroller.clientWidth));
    observer.observe(scroller);
    if (scroller.firstElementChild) observer.observe(scroller.firstElementChild);
    return () => observer.disconnect();
  }, [element]);
  return scrolls;
}

export function Table({ className, ...props }: ComponentProps<'table'>) {
  const scroller = useRef<HTMLDivElement>(null);
  // A table wider than the screen scrolls sideways; keyboard users scroll it with the arrow keys once
  // it has focus (WCAG 2.1.1, axe's scrollable-region-focusable). One that fits adds no tab stop.
  const scrolls = useScrollsSideways(scroller);
  return (
    <div
      ref={scroller}
      tabIndex={scrolls ? 0 : undefined}
      className="relative w-full min-w-0 overflow-x-auto rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('border-b border-border', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('border-b border-border hover:bg-muted/50', className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return <th className={cn('h-10 px-3 text-left align-middle font-medium text-muted-foreground', className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2 align-middle', className)} {...props} />;
}
