/**
 * The part of error reporting every page loads: listeners that catch uncaught errors and unhandled
 * rejections, and functions the app calls for its error boundaries and failed API calls. Nothing
 * more is loaded until there is an error to send; the Sentry browser SDK (`./sentry`, loaded by the app's `SenderModule`) comes then,
 * so a page without errors pays a few hundred bytes (decision 063).
 */

export interface ErrorReportingOptions {
  app: 'site' | 'dashboard';
  /** The API's error endpoint (`…/v1/errors/envelope`): same origin as the API the page already calls. */
  endpoint: string;
  /** The build's release. */
  release: string;
}

/** What the app hands over: an error, or a failure it describes in words (a failed API call). */
export type ErrorItem = { kind: 'exception'; error: unknown; mechanism: string } | { kind: 'message'; message: string };

/** A page that fails in a loop must not flood the endpoint: later errors of the page are dropped. */
export const maxReportsPerPage = 10;

/** Fetches the Sentry client (`./sentry`): a dynamic import of the app's choosing, so the site can keep its bundler's preload helper out (decision 063). */
export type SenderModule = () => Promise<{ createSender: (settings: ErrorReportingOptions) => (item: ErrorItem) => void }>;

let options: Promise<ErrorReportingOptions | null> | null = null;
let load: SenderModule | null = null;
let sender: Promise<((item: ErrorItem) => void) | null> | null = null;
let reported = 0;

function send(item: ErrorItem): void {
  if (!options || reported >= maxReportsPerPage) return;
  reported += 1;
  const settings = options;
  const loader = load!;
  sender ??= settings.then((given) => (given ? loader().then(({ createSender }) => createSender(given)) : null));
  // A reporter that cannot load (offline, a new release replaced the files) drops the report.
  sender.then(
    (deliver) => deliver?.(item),
    () => undefined,
  );
}

/**
 * Starts reporting this page's errors; later calls change nothing. The settings may come later (the
 * page's `/config.js`): errors before they do wait for them, and are dropped if reporting is off (null).
 */
export function startErrorReporting(settings: ErrorReportingOptions | Promise<ErrorReportingOptions | null>, loadSender: SenderModule): void {
  if (options) return;
  options = Promise.resolve(settings);
  load = loadSender;
  window.addEventListener('error', (event) => {
    // Events without an error are resources that failed to load or cross-origin scripts: nothing to read.
    if (event.error !== undefined && event.error !== null) send({ kind: 'exception', error: event.error, mechanism: 'onerror' });
  });
  window.addEventListener('unhandledrejection', (event) => send({ kind: 'exception', error: event.reason, mechanism: 'onunhandledrejection' }));
}

/** Reports an error the app caught (an error boundary, React's root error callbacks). */
export function reportError(error: unknown, mechanism = 'react.errorboundary'): void {
  send({ kind: 'exception', error, mechanism });
}

/**
 * Reports a failed API call: a 5xx answer or a network failure. `operation` is the method and the
 * path template (`GET /v1/zones/{id}`), never the address, which may carry names and query strings.
 */
export function reportApiFailure(operation: string, status: number | 'network error'): void {
  send({ kind: 'message', message: `API call failed: ${operation} (${status})` });
}
