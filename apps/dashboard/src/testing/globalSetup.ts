// Before the browser suites start: the builds they run (the server bundles and this dashboard) made
// again where older than their sources; then the platform shared by the files that need none of their
// own (`sharedPlatform`), stopped once they are done.
import { startPlatform } from '@kaja/test-support/platform';
import { ensureBuilt } from '@kaja/test-support/programs';
import type { TestProject } from 'vitest/node';

/**
 * Every customer of the shared platform signs up from the loopback address, so the account mail
 * allowed per client address (10 in 15 minutes) would be used up before the last files: raised here
 * with the platform's own setting, never in its defaults.
 */
const sharedPlatformEnv = { ACCOUNT_MAIL_LIMIT: '10000' };

export default async function setup(project: TestProject) {
  ensureBuilt('servers', 'dashboard');
  const { url, apiUrl, appUrl, dnsPort, dataDir, stop } = await startPlatform(sharedPlatformEnv, { needs: 'dashboard' });
  project.provide('sharedPlatform', { url, apiUrl, appUrl, dnsPort, dataDir });
  return stop;
}
