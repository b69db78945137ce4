import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;
const build = (...names) => spawnSync(process.execPath, ['scripts/build.mjs', ...names], { cwd: root, encoding: 'utf8' });

it('builds only the builds it is named, and refuses a name that is none, naming the builds', () => {
  // The run's global setup made the servers fresh already; the web apps are not asked for.
  const servers = build('servers');
  expect(servers.status, servers.stderr).toBe(0);
  expect(servers.stdout).not.toMatch(/Building (site|dashboard)/);
  const unknown = build('servers', 'everything');
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toContain('No such build: everything (the builds: servers, site, dashboard)');
});
