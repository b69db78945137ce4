import { join } from 'node:path';
import { type Platform, root, startPlatform as startWholePlatform } from '@kaja/test-support/platform';

export { type Platform, root } from '@kaja/test-support/platform';

// The browser suites' platform: the app the redirect pages send visitors to (its requests are answered
// inside the browser) and the support address the site shows.
export const APP_URL = 'http://app.kaja.test';
export const SUPPORT_EMAIL = 'help@kaja.test';
export const screenshots = join(root, 'apps/site/test-results');

/** Starts the whole platform (API + this site) as a child process on free loopback ports, once the site is built. */
export function startPlatform(env: Record<string, string> = {}): Promise<Platform> {
  return startWholePlatform(env, { needs: 'site' });
}
