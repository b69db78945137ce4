import type { ComponentProps } from 'react';
import { Toaster as Sonner } from 'sonner';

/**
 * The one toast system of our apps: sonner, placed once near the root. At the bottom: the top right
 * corner holds the header's own controls (the dashboard's "Sign out"), which a toast must not cover.
 */
export function Toaster(props: ComponentProps<typeof Sonner>) {
  return <Sonner richColors closeButton position="bottom-right" {...props} />;
}

export { toast } from 'sonner';
