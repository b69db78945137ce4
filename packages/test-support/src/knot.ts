import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const run = promisify(execFile);

export interface KnotServer {
  port: number;
  /** Its working directory: zone files, journal, timers. */
  dir: string;
  /** knotd's process id (to pause it with SIGSTOP). */
  pid: number;
  /** What knotd has logged so far. */
  log(): string;
  /** Runs a `knotc` command against it (`zone-reload`, `zone-notify example.com`, ...). */
  control(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts knotd on 127.0.0.1 and a free port in a new directory. `config` writes the part of
 * knot.conf after `server:`/`log:`/`database:` (keys, remotes, acls, templates, zones), given the
 * directory; `files` are written into it first (zone files). `port` when the caller had to name
 * it before (a free one otherwise).
 */
export async function startKnot(
  config: (dir: string) => string,
  files: Record<string, string> = {},
  options: { port?: number; beforeStart?: (conf: string) => Promise<void> } = {},
): Promise<KnotServer> {
  const dir = await mkdtemp(join(tmpdir(), 'kaja-knot-'));
  const port = options.port ?? (await freePort());
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const conf = join(dir, 'knot.conf');
  await writeFile(
    conf,
    `server:\n    listen: 127.0.0.1@${port}\n    rundir: ${dir}\nlog:\n  - target: stderr\n    any: info\ndatabase:\n    storage: ${dir}\n${config(dir)}`,
  );
  await options.beforeStart?.(conf).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  const child = spawn('knotd', ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // A knotd paused with SIGSTOP acts on SIGTERM only once it runs again.
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  while (!/server started|loaded, serial/.test(log)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`knotd did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    dir,
    pid: child.pid!,
    log: () => log,
    control: async (...args) => (await run('knotc', ['-c', conf, ...args], { timeout: 20_000 })).stdout,
    stop,
  };
}
