// The whole platform (API, dashboard, DNS server) as a child process for the browser tests.
import { type Platform, type PlatformOptions, startPlatform as startWholePlatform } from '@kaja/test-support/platform';

export { mailedLink, type Platform, root } from '@kaja/test-support/platform';

/** Starts the platform once the dashboard is built, and waits until the API and the dashboard answer. */
export function startPlatform(env: Record<string, string> = {}, options: Omit<PlatformOptions, 'needs'> = {}): Promise<Platform> {
  return startWholePlatform(env, { ...options, needs: 'dashboard' });
}
