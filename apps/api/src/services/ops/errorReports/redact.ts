/**
 * What an error report may keep (decision 063, the privacy policy): no e-mail addresses, no
 * credentials, no query strings or fragments. Applied at ingestion to everything a browser sends,
 * whatever the browser's reporter already removed, and to the platform's own errors.
 */

const emailPattern = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
// The platform's secrets (tokens.ts: `kst_`, `kak_`, ...) and bearer credentials in any text.
const secretPattern = /\bk(?:st|ak|vt|it|sf)_[\w-]+|\bBearer\s+\S+/g;
// An address's query string and fragment: `https://host/path?token=...#x` keeps `https://host/path`.
const urlQueryPattern = /(\b[a-z][\w+.-]*:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi;

/** The text without addresses, credentials and query strings, cut to `max` characters. */
export function redactText(text: string, max: number): string {
  const cleaned = text.replace(urlQueryPattern, '$1').replace(emailPattern, '[email]').replace(secretPattern, '[redacted]');
  return cleaned.length > max ? `${cleaned.slice(0, max - 1)}…` : cleaned;
}

/** The path of an address or a route, without query string, fragment or host: `/zones/abc`. */
export function pathOnly(address: string, max: number): string | null {
  let path: string;
  try {
    path = new URL(address, 'http://route.invalid').pathname;
  } catch {
    return null;
  }
  return redactText(decodeURIComponentSafe(path), max);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
