import { z } from 'zod';

/** The site's buttons that lead to signing up (their clicks against the sign-ups of the day are the trial conversion). */
export const signUpButtons = ['trial', 'signup'] as const;

// A page's path as the site pre-renders it: no query string, no fragment, nothing but path characters.
const pagePath = z
  .string()
  .max(200)
  .regex(/^\/[A-Za-z0-9._~/-]*$/, 'must be a page path without query string or fragment');
// The referring site's host name (and port), as the browser's `URL.host` gives it.
const referrerHost = z
  .string()
  .max(253)
  .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'must be a host name');

/**
 * What the site's listener sends (decision 064): a page view with the page's path and, when the visitor
 * came from another site, that site's host; or a click on a sign-up button. Nothing else is accepted.
 */
export const siteEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('page_view'), path: pagePath, referrer: referrerHost.nullable().optional() }),
  z.strictObject({ type: z.literal('click'), button: z.enum(signUpButtons), path: pagePath }),
]);
export type SiteEvent = z.infer<typeof siteEvent>;

export class InvalidSiteEventError extends Error {}

/** Reads a beacon's body (JSON sent as text, so no preflight); throws InvalidSiteEventError for anything else. */
export function parseSiteEvent(body: string): SiteEvent {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new InvalidSiteEventError('The event is not JSON');
  }
  const parsed = siteEvent.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InvalidSiteEventError(`Not a site event: ${issue.path.join('.') || 'event'} ${issue.message}`);
  }
  return parsed.data;
}

/** Headers a browser sends for its visitor's choice not to be counted: Do Not Track and Global Privacy Control. */
export function optedOut(headers: Record<string, string | string[] | undefined>): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/** Crawlers announce themselves; their visits are not visitors'. */
export const isCrawler = (userAgent: string | undefined) => userAgent !== undefined && /bot|crawl|spider|slurp/i.test(userAgent);
