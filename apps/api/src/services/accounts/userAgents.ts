import Bowser from 'bowser';

/** "Chrome 141", "curl 8.5.0": the browser and its major version, or a program's own product token. */
function clientOf(userAgent: string, browser: Bowser.Parser.Details): string | null {
  if (browser.name) return browser.version ? `${browser.name} ${browser.version.split('.')[0]}` : browser.name;
  // Not a browser: scripts and tools name themselves first (RFC 9110 section 10.1.5), "curl/8.5.0".
  const product = /^([A-Za-z][\w.-]*)\/([\w.-]+)/.exec(userAgent);
  return product ? `${product[1]} ${product[2]}` : null;
}

/**
 * What a person recognises a session or a sign-in by: "Chrome 141 on macOS Sonoma", "Firefox 144 on
 * Linux", "curl 8.5.0"; null when the text names nothing known (the raw text stays beside it).
 */
export function describeUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const client = clientOf(userAgent, browser);
  const system = os.name ? (os.versionName ? `${os.name} ${os.versionName}` : os.name) : null;
  if (client && system) return `${client} on ${system}`;
  return client ?? system;
}
