// A parent zone for delegation tests: Knot DNS serving `com.` on a loopback port, its delegations
// rewritten (and reloaded with knotc) between checks.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { typeCode } from '@kaja/dns-model';
import { askDns } from '../../../services/dns/dnsExchange';

export interface ParentZone {
  port: number;
  /** The environment that points the platform's delegation checks at this parent. */
  env: { DELEGATION_RESOLVER: string; DELEGATION_PARENT_PORT: string };
  /** Replaces what the parent says about `zone` (NS and DS lines without the owner), and waits until it is served. */
  delegate(zone: string, lines: string[]): Promise<void>;
  /** Stops answering (SIGSTOP) until `resume`. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/** A loopback port the system just handed out as free (UDP on it is free in practice too). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export async function startParentZone(): Promise<ParentZone> {
  const dir = mkdtempSync(join(tmpdir(), 'kaja-parent-'));
  const port = await freePort();
  const delegations = new Map<string, string[]>();
  let serial = 1;
  let log = '';

  const writeZone = () => {
    const lines = [
      '$ORIGIN com.',
      '$TTL 60',
      `@ SOA ns.nic.com. hostmaster.nic.com. ${serial} 3600 600 86400 60`,
      '@ NS ns.nic.com.',
      'ns.nic.com. A 127.0.0.1',
      ...[...delegations.values()].flat(),
    ];
    writeFileSync(join(dir, 'com.zone'), `${lines.join('\n')}\n`);
  };

  const serves = async (expected: number) => {
    const end = Date.now() + 15_000;
    for (;;) {
      try {
        const answer = await askDns({ address: '127.0.0.1', port }, { name: 'com', type: typeCode('SOA'), recursion: false }, 500);
        const soa = answer.answers.find((rr) => rr.type === typeCode('SOA'));
        if (soa && Buffer.from(soa.rdata).readUInt32BE(soa.rdata.length - 20) === expected) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > end) throw new Error(`Knot did not serve serial ${expected}; it said:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  writeZone();
  writeFileSync(
    join(dir, 'knot.conf'),
    `server:
    listen: 127.0.0.1@${port}
    rundir: ${dir}
control:
    listen: ${join(dir, 'knot.sock')}
log:
  - target: stderr
    any: warning
database:
    storage: ${dir}
template:
  - id: default
    storage: ${dir}
    zonefile-sync: -1
    journal-content: none
zone:
  - domain: com.
    file: com.zone
`,
  );
  const knot: ChildProcess = spawn('knotd', ['-c', join(dir, 'knot.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  knot.stdout!.on('data', (chunk) => (log += chunk));
  knot.stderr!.on('data', (chunk) => (log += chunk));
  await serves(serial);

  return {
    port,
    env: { DELEGATION_RESOLVER: `127.0.0.1:${port}`, DELEGATION_PARENT_PORT: String(port) },
    async delegate(zone, lines) {
      delegations.set(
        zone,
        lines.map((line) => `${zone}. ${line}`),
      );
      serial++;
      writeZone();
      const reload = spawnSync('knotc', ['-s', join(dir, 'knot.sock'), 'zone-reload', 'com.'], { encoding: 'utf8' });
      if (reload.status !== 0) throw new Error(`knotc zone-reload failed: ${reload.stderr}${reload.stdout}`);
      await serves(serial);
    },
    pause: () => void knot.kill('SIGSTOP'),
    resume: () => void knot.kill('SIGCONT'),
    async stop() {
      if (knot.exitCode === null) {
        const exited = new Promise((resolve) => knot.once('exit', resolve));
        knot.kill('SIGCONT');
        knot.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
