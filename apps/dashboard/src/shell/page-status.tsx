import { cn } from '@kaja/ui';
import type { ReactNode } from 'react';

/** A whole-page loading or error message, announced to screen readers. */
export function PageStatus({ children, error = false }: { children: ReactNode; error?: boolean }) {
  return (
    <main className="flex min-h-[50vh] items-center justify-center p-6">
      <p role={error ? 'alert' : 'status'} className={cn('text-sm', error ? 'text-destructive' : 'text-muted-foreground')}>
        {children}
      </p>
    </main>
  );
}
