import { cn } from '@kaja/ui';
import type { ReactNode } from 'react';

/** A loading, empty or error line inside a screen, announced to screen readers. */
export function StatusLine({ children, error = false }: { children: ReactNode; error?: boolean }) {
  return (
    <p role={error ? 'alert' : 'status'} className={cn('text-sm', error ? 'text-destructive' : 'text-muted-foreground')}>
      {children}
    </p>
  );
}
