import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { reportError, startErrorReporting } from '@kaja/error-reporter';
import { onUnauthorized } from './api/client';
import { ApiError } from './api/errors';
import { sessionKey } from './api/session';
import { config } from './config';
import { routes } from './routes';
import './app.css';

// First, so that an error while the app starts is reported too (decision 063).
if (config.errorReporting) {
  startErrorReporting(
    { app: 'dashboard', endpoint: `${config.apiBaseUrl}/errors/envelope`, release: String(import.meta.env.KAJA_RELEASE ?? 'dev') },
    () => import('@kaja/error-reporter/sentry'),
  );
}

// Set when the stored API key was refused (and forgotten): the reads it failed are made again with the
// session's token once they have settled (a query still fetching would not be fetched again).
let apiKeyRefused = false;

const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (!apiKeyRefused || !(error instanceof ApiError) || error.status !== 401) return;
      apiKeyRefused = false;
      setTimeout(() => void queryClient.invalidateQueries());
    },
  }),
  defaultOptions: {
    queries: {
      // A refused call is answered the same way the second time; only a lost connection may heal.
      retry: (failures, error) => failures < 1 && error instanceof ApiError && error.status === 0,
      refetchOnWindowFocus: false,
    },
  },
});
// A 401 outside /auth/ may mean the session is gone: ask again, and RequireSession sends the visitor to /auth.
onUnauthorized((apiKeyForgotten) => {
  if (apiKeyForgotten) apiKeyRefused = true;
  else void queryClient.invalidateQueries({ queryKey: sessionKey });
});

const router = createBrowserRouter(routes);

// Errors inside the routes reach the routes' error screen, which reports them; these are the others.
createRoot(document.getElementById('root')!, { onUncaughtError: (error) => reportError(error, 'react.root') }).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
