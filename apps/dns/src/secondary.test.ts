import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notifier } from './notify';
import { serveZones, type TestServer } from './testing/server';
import { StaticTransferAccess, type TransferSource } from './transferAccess';
import type { ZoneChange } from './zone';
import { wireRecord } from './zoneFile';
import { freePort } from '@kaja/test-support/ports';

const run = promisify(execFile);
const secret = Buffer.alloc(32, 5).toString('base64');
const key = { name: 'knot.example.com', algorithm: 'hmac-sha256' as const, secret: new Uint8Array(Buffer.from(secret, 'base64')) };
const soa = (serial: number) => `ns1.example.com. hostmaster.example.com. ${serial} 7200 3600 1209600 60`;
const zoneText = `$TTL 300\n@ SOA ${soa(10)}\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\n`;

const journal: ZoneChange[] = [];
const source: TransferSource = {
  async changesSince(_zone, serial) {
    const start = journal.findIndex((change) => change.previousSerial === serial);
    return start < 0 ? undefined : journal.slice(start);
  },
};

let server: TestServer;
let knot: ChildProcess;
let knotPort: number;
let dir: string;
let log = '';
let notifier: Notifier;
const acknowledged: number[] = [];

/** Asks the Knot secondary; undefined until it answers authoritatively. */
async function askKnot(name: string, type: string): Promise<string[] | undefined> {
  const { stdout } = await run('dig', ['@127.0.0.1', '-p', String(knotPort), '+tries=1', '+time=2', '+norec', name, type], { timeout: 10_000 }).catch(() => ({
    stdout: '',
  }));
  if (!/status: NOERROR/.test(stdout) || !/flags: qr aa/.test(stdout)) return undefined;
  return stdout
    .split('\n')
    .filter((line) => /\sIN\s/.test(line) && !line.startsWith(';'))
    .map((line) => line.trim().split(/\s+/).join(' '));
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; knotd said:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  knotPort = await freePort();
  const access = new StaticTransferAccess([{ zone: 'example.com', address: '127.0.0.1', port: knotPort, key }]);
  server = await serveZones({ 'example.com': zoneText }, { transfers: { access, source } });
  notifier = new Notifier(server.zones, { access, timeoutMs: 500, onNotified: (_secondary, serial) => void acknowledged.push(serial) });
  dir = mkdtempSync(join(tmpdir(), 'kaja-knot-'));
  writeFileSync(
    join(dir, 'knot.conf'),
    `server:
    listen: 127.0.0.1@${knotPort}
    rundir: ${dir}
log:
  - target: stderr
    any: info
database:
    storage: ${dir}
key:
  - id: ${key.name}
    algorithm: hmac-sha256
    secret: ${secret}
remote:
  - id: primary
    address: 127.0.0.1@${server.port}
    key: ${key.name}
acl:
  - id: notify_from_primary
    address: 127.0.0.1
    key: ${key.name}
    action: notify
template:
  - id: default
    storage: ${dir}
    zonefile-load: none
    journal-content: changes
zone:
  - domain: example.com
    master: primary
    acl: notify_from_primary
`,
  );
  knot = spawn('knotd', ['-c', join(dir, 'knot.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  knot.stdout!.on('data', (chunk) => (log += chunk));
  knot.stderr!.on('data', (chunk) => (log += chunk));
});

afterAll(async () => {
  await notifier?.close();
  if (knot && knot.exitCode === null) {
    const exited = new Promise((resolve) => knot.once('exit', resolve));
    knot.kill('SIGTERM');
    await exited;
  }
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Knot DNS as a secondary (TSIG, AXFR, NOTIFY, IXFR)', () => {
  it('transfers the zone from us with TSIG and answers it', async () => {
    const answer = await until(() => askKnot('www.example.com', 'A'), 'the first transfer');
    expect(answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
    expect(await askKnot('example.com', 'SOA')).toEqual([`example.com. 300 IN SOA ${soa(10)}`]);
  });

  it('hears our NOTIFY after a change and follows with IXFR', async () => {
    const change = {
      previousSerial: 10,
      serial: 11,
      removed: [
        wireRecord({ name: 'example.com', type: 'SOA', ttl: 300, content: soa(10) }),
        wireRecord({ name: 'www.example.com', type: 'A', ttl: 300, content: '192.0.2.80' }),
      ],
      added: [
        wireRecord({ name: 'example.com', type: 'SOA', ttl: 300, content: soa(11) }),
        wireRecord({ name: 'www.example.com', type: 'A', ttl: 300, content: '192.0.2.81' }),
        wireRecord({ name: 'new.example.com', type: 'TXT', ttl: 300, content: '"fresh"' }),
      ],
    };
    journal.push(change);
    expect(server.zones.apply('example.com', change)).toBe('applied');
    await notifier.settled();
    expect(acknowledged).toEqual([11]);
    // Knot's SOA refresh is two hours away: only the NOTIFY makes it transfer now.
    const fresh = await until(async () => ((await askKnot('new.example.com', 'TXT')) ?? []).find((line) => line.includes('fresh')), 'the change');
    expect(fresh).toBe('new.example.com. 300 IN TXT "fresh"');
    expect(await askKnot('www.example.com', 'A')).toEqual(['www.example.com. 300 IN A 192.0.2.81']);
    expect(log).toMatch(/notify, incoming/i);
    expect(log).toMatch(/IXFR, incoming/i);
  });
});
