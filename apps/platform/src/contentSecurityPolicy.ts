/**
 * The one Content-Security-Policy of the platform's web servers (site and dashboard): scripts from
 * our origin plus the inline scripts named by their `scriptHashes` ('sha256-…'), connections to our
 * origin and the API's, nothing framed, no plug-ins. Styles allow inline because Radix positions
 * popovers with style attributes and sonner injects its stylesheet; styles cannot run code.
 */
export function contentSecurityPolicy(apiBaseUrl: string, scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${new URL(apiBaseUrl).origin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
