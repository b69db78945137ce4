import { spawn, execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { bindKeyFile } from '@kaja/dnssec';
import type { SigningSettings } from '../keySource';
import { KEY_TTL } from '../publishedKeys';
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
 * are compared with. A zone given `signing` settings is signed by Knot with exactly those keys
 * (imported as BIND key files into its key store, under a manual policy so it makes and rolls
 * none of its own) and that denial (NSEC3 with RFC 9276 parameters: no salt, no extra
 * iterations, no opt-out). Ready when it answers every zone's SOA with authority.
 */
export async function serveWithKnot(zones: Record<string, string>, signing: Record<string, SigningSettings> = {}): Promise<KnotServer> {
  const files: Record<string, string> = Object.fromEntries(Object.entries(zones).map(([name, text]) => [`${name}.zone`, text]));
  const keyFiles: string[][] = [];
  for (const [zone, settings] of Object.entries(signing)) {
    for (const key of settings.keys) {
      // Active since a day ago, so Knot signs with the key at once.
      const file = bindKeyFile(zone, key, new Date(Date.now() - 86_400_000));
      files[`${file.base}.key`] = file.key;
      files[`${file.base}.private`] = file.private;
      keyFiles.push([zone, file.base]);
    }
  }
  const policy = (nsec3: boolean) =>
    `  - id: ${nsec3 ? 'nsec3' : 'nsec'}\n    manual: on\n    dnskey-ttl: ${KEY_TTL}\n    cds-cdnskey-publish: always\n    cds-digest-type: sha256\n` +
    (nsec3 ? '    nsec3: on\n    nsec3-iterations: 0\n    nsec3-salt-length: 0\n    nsec3-opt-out: off\n' : '');
  const knot = await startKnot(
    (dir) =>
      `policy:\n${policy(false)}${policy(true)}` +
      `template:\n  - id: default\n    storage: ${dir}\n    zonefile-sync: -1\n    journal-content: none\nzone:\n` +
      Object.keys(zones)
        .map((name) => {
          const settings = signing[name];
          const signed = settings ? `    dnssec-signing: on\n    dnssec-policy: ${settings.nsec3 ? 'nsec3' : 'nsec'}\n` : '';
          return `  - domain: ${name}.\n    file: ${join(dir, `${name}.zone`)}\n${signed}`;
        })
        .join(''),
    files,
    {
      beforeStart: async (conf) => {
        for (const [zone, base] of keyFiles)
          await run('keymgr', ['-c', conf, `${zone}.`, 'import-bind', join(dirname(conf), `${base}.private`)], { timeout: 20_000 });
      },
    },
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
