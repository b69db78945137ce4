// The production install: `npm ci`, the build, then `npm ci --omit=dev`, and `npm start` serves
// the API, the marketing site, the dashboard and DNS with no development package present. It runs
// on a copy of the repository (sources and the web builds) that installs from npm's cache only.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@kaja/test-support/ports';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const minutes = 60_000;

// Installs, databases and native builds are made again in the copy; everything else is taken as it is.
const notCopied = new Set(['node_modules', '.git', '.node', 'data', 'test-results', '.react-router']);
const copied = (path: string) => {
  const inside = relative(root, path);
  return !inside.split(sep).some((part) => notCopied.has(part)) && inside !== join('apps', 'dns', 'build');
};

/** The environment of a command run as an operator would: no test runner variables. */
const operatorEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV'));

function mustRun(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, env: operatorEnv, encoding: 'utf8', timeout: 8 * minutes });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
}

describe('the platform on production dependencies only', () => {
  let copy: string;
  let output = '';
  let stopPlatform: () => Promise<void> = async () => {};
  const ports = { site: 0, dashboard: 0, dns: 0 };

  beforeAll(async () => {
    // The build, where the web apps' builds are missing or older than their sources (as npm test does).
    mustRun(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { ensureBuild } from './scripts/bootstrap.mjs'; import { webBuilds } from './scripts/requirements.mjs'; for (const [workspace, build] of Object.entries(webBuilds)) ensureBuild(workspace, build);",
      ],
      root,
    );
    copy = mkdtempSync(join(tmpdir(), 'kaja-production-'));
    // Timestamps kept: `npm start` sees the builds as newer than their sources and does not rebuild.
    cpSync(root, copy, { recursive: true, preserveTimestamps: true, filter: copied });
    mustRun('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], copy);

    ports.site = await freePort();
    ports.dashboard = await freePort();
    ports.dns = await freePort();
    const platform = spawn('npm', ['start'], {
      cwd: copy,
      env: {
        ...operatorEnv,
        PORT: String(ports.site),
        APP_PORT: String(ports.dashboard),
        DNS_PORT: String(ports.dns),
        HOST: '127.0.0.1',
        DNS_ADDR: '127.0.0.1',
        DATA_DIR: join(copy, 'data'),
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    platform.stdout.on('data', (chunk) => (output += chunk));
    platform.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<void>((resolve) => platform.on('exit', () => resolve()));
    stopPlatform = async () => {
      // npm, the start script and the platform: the whole process group.
      if (platform.exitCode !== null || !platform.pid) return;
      process.kill(-platform.pid, 'SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 30_000))]);
      if (!stopped) process.kill(-platform.pid, 'SIGKILL');
    };
    const startedBy = Date.now() + 4 * minutes;
    while (!output.includes('Kaja DNS is running')) {
      if (Date.now() > startedBy || platform.exitCode !== null) throw new Error(`the platform did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 15 * minutes);

  afterAll(async () => {
    await stopPlatform();
    if (copy) rmSync(copy, { recursive: true, force: true });
  }, 2 * minutes);

  it('has no development package installed', () => {
    for (const devOnly of ['vitest', 'vite', 'eslint', 'prettier', '@react-router/dev']) {
      expect(existsSync(join(copy, 'node_modules', devOnly)), devOnly).toBe(false);
    }
    expect(existsSync(join(copy, 'node_modules', 'tsx')), 'tsx, which runs the TypeScript sources').toBe(true);
  });

  it('serves the API', async () => {
    const response = await fetch(`http://127.0.0.1:${ports.site}/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'success', data: { database: 'ok' } });
  });

  it('serves the marketing site and the dashboard', async () => {
    const site = await fetch(`http://127.0.0.1:${ports.site}/`);
    expect(site.status).toBe(200);
    expect(await site.text()).toContain('Kaja DNS');
    const dashboard = await fetch(`http://127.0.0.1:${ports.dashboard}/`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get('content-type')).toContain('text/html');
    expect(await dashboard.text()).toContain('<div id="root">');
  });

  it('answers DNS queries', () => {
    const dig = spawnSync('dig', ['+norec', '+time=5', '+tries=2', '@127.0.0.1', '-p', String(ports.dns), 'id.server', 'CH', 'TXT'], { encoding: 'utf8' });
    expect(dig.stdout).toContain('status: NOERROR');
    expect(dig.stdout).toMatch(/id\.server\.\s+0\s+CH\s+TXT\s+"/);
  });
});
