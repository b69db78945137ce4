import { spawn, execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { dig } from './dig';
import { freePort } from './ports';

const run = promisify(execFile);

export interface KnotServer {
  port: number;
  /** Its working directory: zone files, journal, timers. */
  dir: string;
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
export async function startKnot(config: (dir: string) => string, files: Record<string, string> = {}, options: { port?: number } = {}): Promise<KnotServer> {
  const dir = await mkdtemp(join(tmpdir(), 'kaja-knot-'));
  const port = options.port ?? (await freePort());
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  const conf = join(dir, 'knot.conf');
  await writeFile(
    conf,
    `server:\n    listen: 127.0.0.1@${port}\n    rundir: ${dir}\nlog:\n  - target: stderr\n    any: info\ndatabase:\n    storage: ${dir}\n${config(dir)}`,
  );
  const child = spawn('knotd', ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
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
    log: () => log,
    control: async (...args) => (await run('knotc', ['-c', conf, ...args], { timeout: 20_000 })).stdout,
    stop,
  };
}

/**
 * Knot DNS serving zone-file texts (zone name -> text) as their primary: the reference our answers
 * are compared with. Ready when it answers every zone's SOA with authority.
 */
export async function serveWithKnot(zones: Record<string, string>): Promise<KnotServer> {
  const files = Object.fromEntries(Object.entries(zones).map(([name, text]) => [`${name}.zone`, text]));
  const knot = await startKnot(
    (dir) =>
      `template:\n  - id: default\n    storage: ${dir}\n    zonefile-sync: -1\n    journal-content: none\nzone:\n` +
      Object.keys(zones)
        .map((name) => `  - domain: ${name}.\n    file: ${join(dir, `${name}.zone`)}\n`)
        .join(''),
    files,
  );
  const deadline = Date.now() + 20_000;
  for (const name of Object.keys(zones)) {
    for (;;) {
      const answer = await dig(knot.port, name, 'SOA', { args: ['+norec'] }).catch(() => undefined);
      if (answer?.rcode === 'NOERROR' && answer.flags.includes('aa')) break;
      if (Date.now() > deadline) {
        await knot.stop();
        throw new Error(`knotd did not serve ${name}:\n${knot.log()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return knot;
}
