// The browser suites (vitest.browser.config.ts) share one platform serving the built site.
import { mkdirSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '@kaja/test-support/programs';
import { APP_URL, screenshots, startPlatform, SUPPORT_EMAIL } from './platform';

export default async function setup(project: TestProject) {
  ensureBuilt('servers', 'site');
  // Its DNS thread heartbeats as a node of Europe, whose status on /status then follows it.
  const platform = await startPlatform({ APP_URL, SUPPORT_EMAIL, DNS_REGION: 'Europe' });
  mkdirSync(screenshots, { recursive: true });
  project.provide('siteUrl', platform.url);
  project.provide('siteDataDir', platform.dataDir);
  return () => platform.stop();
}
