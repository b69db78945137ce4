import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A message in the page: `role="alert"` for errors so screen readers announce it, `status` otherwise. */
export function Alert({ className, variant = 'default', ...props }: ComponentProps<'div'> & { variant?: 'default' | 'destructive' }) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-4 py-3 text-sm',
        variant === 'destructive' ? 'border-destructive/50 bg-destructive/10 text-destructive' : 'border-border bg-muted/50',
        className,
      )}
      {...props}
    />
  );
}
