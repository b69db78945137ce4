import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

// One client for every island of a page, so the header and the trial buttons ask for the session once.
let client: QueryClient | undefined;

/** What an island's components expect around them: the page's query client. */
export function IslandProviders({ children }: { children: ReactNode }) {
  client ??= new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
