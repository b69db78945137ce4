import type { ComponentProps } from 'react';
import { Toaster as Sonner } from 'sonner';

/** The one toast system of our apps: sonner, placed once near the root. */
export function Toaster(props: ComponentProps<typeof Sonner>) {
  return <Sonner richColors closeButton position="top-right" {...props} />;
}

export { toast } from 'sonner';
