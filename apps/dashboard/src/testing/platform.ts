// The whole platform (API, dashboard, DNS server) as a child process for the browser tests.
import { inject } from 'vitest';
import { outboxMails, type Platform, type PlatformInUse, type PlatformOptions, startPlatform as startWholePlatform } from '@kaja/test-support/platform';

export { mailedLink, type Platform, type PlatformInUse, root } from '@kaja/test-support/platform';

/** Starts the platform once the dashboard is built, and waits until the API and the dashboard answer. */
export function startPlatform(env: Record<string, string> = {}, options: Omit<PlatformOptions, 'needs'> = {}): Promise<Platform> {
  return startWholePlatform(env, { ...options, needs: 'dashboard' });
}

/** The addresses of the platform the global setup started, as the test process receives them. */
export type SharedPlatformAddresses = Omit<PlatformInUse, 'mails'>;

declare module 'vitest' {
  interface ProvidedContext {
    sharedPlatform: SharedPlatformAddresses;
  }
}

/**
 * The one platform the dashboard's global setup starts for the files that need none of their own
 * (no settings of theirs, no restart): each such file starting its own cost about 5 s of processor
 * time. A file on it shares nothing with another but the platform: its own customer, zones with
 * names of their own, its own browser context. The global setup stops it.
 */
export function sharedPlatform(): PlatformInUse {
  const addresses = inject('sharedPlatform');
  return { ...addresses, mails: () => outboxMails(addresses.dataDir) };
}
