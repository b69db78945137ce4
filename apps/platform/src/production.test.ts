// The production install: `npm ci`, the build, then `npm ci --omit=dev`, and `npm start` serves
// the API, the marketing site, the dashboard and DNS from the build, with no development package
// present (tsx and esbuild among them) and nothing installed or built at start. It runs on a copy of
// the repository (sources and the builds) that installs from npm's cache only.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
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

/**
 * Gives the copy's directories their originals' times, deepest first: `cpSync` keeps the files' times
 * only, and a directory newer than a build would make `npm start` think its sources changed.
 */
function keepDirectoryTimes(from: string, to: string) {
  for (const entry of readdirSync(to, { withFileTypes: true })) {
    if (entry.isDirectory()) keepDirectoryTimes(join(from, entry.name), join(to, entry.name));
  }
  const { atime, mtime } = statSync(from);
  utimesSync(to, atime, mtime);
}

/** The environment of a command run as an operator would: no test runner variables. */
const operatorEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV'));

function mustRun(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, env: operatorEnv, encoding: 'utf8', timeout: 8 * minutes });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
}

describe('the platform on production dependencies only', () => {
  let copy: string;
  let output = '';
  let installedAt = 0;
  let programs: string[] = [];
  let stopPlatform: () => Promise<void> = async () => {};
  const ports = { site: 0, dashboard: 0, dns: 0 };

  beforeAll(async () => {
    // The builds that are missing or older than their sources (as npm test does).
    mustRun(process.execPath, ['scripts/build.mjs'], root);
    copy = mkdtempSync(join(tmpdir(), 'kaja-production-'));
    // Timestamps kept: `npm start` sees the builds as newer than their sources and does not rebuild.
    cpSync(root, copy, { recursive: true, preserveTimestamps: true, filter: copied });
    keepDirectoryTimes(root, copy);
    mustRun('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'], copy);
    installedAt = statSync(join(copy, 'node_modules', '.package-lock.json')).mtimeMs;

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
    // The command lines of npm's process group: npm, the start script and the platform it runs.
    programs = readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid))
      .flatMap((pid) => {
        try {
          const group = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[2];
          return Number(group) === platform.pid ? [readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')] : [];
        } catch {
          return []; // a process that ended meanwhile
        }
      });
  }, 15 * minutes);

  afterAll(async () => {
    await stopPlatform();
    if (copy) rmSync(copy, { recursive: true, force: true });
  }, 2 * minutes);

  it('has no development package installed', () => {
    for (const devOnly of ['vitest', 'vite', 'eslint', 'prettier', '@react-router/dev', 'tsx', 'esbuild']) {
      expect(existsSync(join(copy, 'node_modules', devOnly)), devOnly).toBe(false);
    }
  });

  it('installs and builds nothing at start, and runs the platform from the build', () => {
    expect(output).not.toMatch(/Installing|npm install|Building/);
    expect(statSync(join(copy, 'node_modules', '.package-lock.json')).mtimeMs).toBe(installedAt);
    expect(
      programs.some((line) => line.includes(join(copy, 'dist/apps/platform/src/main.js'))),
      programs.join('\n'),
    ).toBe(true);
    expect(programs.join('\n')).not.toMatch(/\btsx\b|\.ts\b/);
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
