import type { ComponentProps } from 'react';
import { cn } from './cn';
import { fieldClasses } from './input';

/**
 * A native select, styled like the other fields: the platform's own picker is the most usable one on
 * phones and with screen readers, and works with form libraries without adapters.
 */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClasses, 'h-10', className)} {...props} />;
}
