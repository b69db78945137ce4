/**
 * A Sentry or GlitchTip DSN (`https://<public key>@<host>[:port][/<path>]/<project>`) as what
 * forwarding needs: the project's envelope endpoint and the key for `X-Sentry-Auth`
 * (https://develop.sentry.dev/sdk/overview/#parsing-the-dsn). The key is a credential of a kind:
 * whoever holds it may send events to the project.
 */
export interface SentryDsn {
  /** `<protocol>://<host>[:port][/<path>]/api/<project>/envelope/` */
  envelopeUrl: string;
  publicKey: string;
}

export const sentryDsnRule = 'must be a DSN: https://<key>@<host>/<project id>';

/** The DSN's endpoint and key; null when the text is not one. */
export function parseSentryDsn(text: string): SentryDsn | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!url.username || url.search || url.hash) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const project = segments.pop();
  if (!project || !/^\w+$/.test(project)) return null;
  const path = segments.length > 0 ? `/${segments.join('/')}` : '';
  return { envelopeUrl: `${url.protocol}//${url.host}${path}/api/${project}/envelope/`, publicKey: decodeURIComponent(url.username) };
}
