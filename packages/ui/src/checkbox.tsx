import type { ComponentProps } from 'react';
import { cn } from './cn';

/**
 * A native checkbox, styled to match: like Select, the platform's own control is announced and driven
 * by keyboard everywhere, and form libraries register it without adapters.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn(
        'size-4 shrink-0 rounded border-input accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
