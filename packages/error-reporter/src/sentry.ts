import { BrowserClient, dedupeIntegration, defaultStackParser, linkedErrorsIntegration, makeFetchTransport, Scope } from '@sentry/browser';
import type { ErrorItem, ErrorReportingOptions } from './index';
import { scrubEvent } from './scrub';

/**
 * The Sentry browser SDK as a client of its own (no global hub, no automatic instrumentation): it
 * turns errors into events with parsed stacks and sends them as envelopes to the platform's endpoint
 * (`tunnel`), with `keepalive` so a report survives the page being left.
 */
export function createSender({ app, endpoint, release }: ErrorReportingOptions): (item: ErrorItem) => void {
  const client = new BrowserClient({
    // The SDK needs a DSN; with a tunnel it only names the project in the envelope's header.
    dsn: `https://${app}@errors.kaja.invalid/1`,
    tunnel: endpoint,
    release,
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    integrations: [dedupeIntegration(), linkedErrorsIntegration()],
    sendClientReports: false,
    maxBreadcrumbs: 0,
    beforeSend: (event) => scrubEvent(event, window.location, navigator.userAgent),
  });
  const scope = new Scope();
  scope.setClient(client);
  scope.setTag('app', app);
  client.init();
  return (item) => {
    if (item.kind === 'message') scope.captureMessage(item.message, 'error');
    else scope.captureException(item.error, { mechanism: { type: item.mechanism, handled: item.mechanism === 'react.errorboundary' } });
  };
}
