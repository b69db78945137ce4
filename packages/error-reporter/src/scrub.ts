import type { ErrorEvent } from '@sentry/browser';

const emailPattern = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
const urlQueryPattern = /(\b[a-z][\w+.-]*:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi;

/** Text without e-mail addresses or the query strings of addresses in it. */
export const scrubText = (text: string) => text.replace(urlQueryPattern, '$1').replace(emailPattern, '[email]');

/**
 * What leaves the browser (the privacy policy): the error, its stack, the page's path and the browser;
 * no query string or fragment, no e-mail address, no user, no breadcrumbs, no extra data. The platform
 * applies the same rules again when it stores the event.
 */
export function scrubEvent(event: ErrorEvent, location: { origin: string; pathname: string }, userAgent: string): ErrorEvent {
  delete event.user;
  delete event.breadcrumbs;
  delete event.extra;
  delete event.contexts;
  event.request = { url: `${location.origin}${location.pathname}`, headers: { 'User-Agent': userAgent } };
  if (event.message) event.message = scrubText(event.message);
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubText(value.value);
    for (const frame of value.stacktrace?.frames ?? []) {
      if (frame.filename) frame.filename = scrubText(frame.filename);
      if (frame.abs_path) frame.abs_path = scrubText(frame.abs_path);
    }
  }
  return event;
}
