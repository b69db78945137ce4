import { type ChildProcess, spawn } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { dnsNodeFlags } from './testing/nodeFlags';
import { freePort } from '@kaja/test-support/ports';
import { builtProgram, compileCache } from '@kaja/test-support/programs';

const main = builtProgram(new URL('./main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'kaja-dns-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const { DATABASE_URL: _, ...env } = process.env;
  const child = spawn(process.execPath, [...dnsNodeFlags, main, ...args], { env: { ...env, ...compileCache }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(check: () => boolean, what: string, timeoutMs = 150_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npm run dns (standalone mode)', () => {
  it('serves zone files from two workers and stops them all on SIGTERM', async () => {
    writeFileSync(join(dir, 'example.com.zone'), '$TTL 300\n@ SOA ns1 hostmaster 7 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\n');
    writeFileSync(join(dir, 'example.net.zone'), '$TTL 60\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.2\n');
    const port = await freePort();
    const server = start([
      '--listen',
      `127.0.0.1:${port}`,
      '--zone',
      `example.com=${join(dir, 'example.com.zone')}`,
      '--zone',
      `example.net.=${join(dir, 'example.net.zone')}`,
      '--workers',
      '2',
      '--node-name',
      'node-a',
    ]);
    try {
      await until(() => server.output().includes('with 2 workers'), 'the server to start');
      const resolver = new Resolver({ timeout: 1000, tries: 2 });
      resolver.setServers([`127.0.0.1:${port}`]);
      expect(await resolver.resolve4('www.example.com')).toEqual(['192.0.2.80']);
      expect(await resolver.resolve4('ns1.example.net')).toEqual(['192.0.2.2']);
      const tcp = await dig(port, 'example.com', 'SOA', { tcp: true, args: ['+nsid'] });
      expect(tcp.answer[0]).toContain(' 7 7200 ');
      expect(tcp.edns?.nsid).toBe('node-a');
    } finally {
      server.child.kill('SIGTERM');
    }
    // A second signal while the workers close is logged, not obeyed (it finds no process if the stop was quicker).
    await until(() => server.output().includes('dns: stopping (SIGTERM)'), 'the node to say it stops');
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    // The workers went with it: nothing answers any more.
    const resolver = new Resolver({ timeout: 300, tries: 1 });
    resolver.setServers([`127.0.0.1:${port}`]);
    // Loopback answers a closed UDP port with ICMP port unreachable (refused); a slow kernel may only let it time out.
    await expect(resolver.resolve4('www.example.com')).rejects.toMatchObject({ code: expect.stringMatching(/^(ECONNREFUSED|ETIMEOUT)$/) });
  }, 180_000);

  it('serves the good zones when one zone file has a bad line, naming its file and line', async () => {
    const good = join(dir, 'good.zone');
    const bad = join(dir, 'bad.zone');
    writeFileSync(good, '$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\n');
    writeFileSync(bad, '$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\nwww A 192.0.2.300\nok A 192.0.2.7\n');
    const port = await freePort();
    const server = start(['--listen', `127.0.0.1:${port}`, '--zone', `example.com=${good}`, '--zone', `example.org=${bad}`, '--workers', '2']);
    try {
      await until(() => server.output().includes('with 2 workers'), 'the server to start');
      expect(server.output()).toContain('serving 1 of 2 zone(s)');
      // Reported once, by one process, as FILE:LINE: reason.
      expect(server.output().split(`${bad}:3: "192.0.2.300" is not an IPv4 address`)).toHaveLength(2);
      expect(server.output()).toContain('zone example.org not loaded');
      expect((await dig(port, 'www.example.com', 'A')).answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
      // The zone that did not load is not served: not even its good lines.
      expect((await dig(port, 'ok.example.org', 'A')).rcode).toBe('REFUSED');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  }, 180_000);

  // With two, the workers are already starting while the supervisor reads the files: they end with it.
  it.each(['1', '2'])(
    'exits when no zone loaded, with %s worker(s)',
    async (workers) => {
      writeFileSync(join(dir, 'only-bad.zone'), '$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ MX ten mail\n');
      const port = await freePort();
      const server = start([
        '--listen',
        `127.0.0.1:${port}`,
        '--zone',
        `example.com=${join(dir, 'only-bad.zone')}`,
        '--zone',
        `example.net=${join(dir, 'missing.zone')}`,
        '--workers',
        workers,
      ]);
      expect(await server.exited).toBe(1);
      expect(server.output()).toMatch(/only-bad\.zone:3: The MX priority must be a number, not "ten"/);
      expect(server.output()).toMatch(/missing\.zone: no such file/);
      expect(server.output()).toContain('dns: no zone loaded');
    },
    120_000,
  );

  it('explains itself without --zone and without DATABASE_URL', async () => {
    const server = start([]);
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain('give zone files with --zone NAME=FILE, or set DATABASE_URL (PostgreSQL)');
    expect(server.output()).toContain('Usage: npm run dns');
  }, 120_000);
  it('holds one copy of the zone data however many workers serve it', async () => {
    // The resident set, once serving, of a node of one worker and of two, each on a zone of four
    // records and on one of 300,000: what the big zone adds to the second worker's cost is what
    // that worker keeps of its own. Measured here: the zone data of one worker 15 to 18 MB; a
    // second worker with a copy of the images, 31 MB more; sharing them, -2 to 2 MB.
    const big = join(dir, 'big.zone');
    const lines = ['$TTL 300', '@ SOA ns1 hostmaster 1 7200 3600 1209600 60', '@ NS ns1', 'ns1 A 192.0.2.1'];
    for (let i = 0; i < 300_000; i++) lines.push(`host${i} A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    writeFileSync(big, `${lines.join('\n')}\n`);
    const small = join(dir, 'small.zone');
    writeFileSync(small, `${lines.slice(0, 5).join('\n')}\n`);
    const residentMb = async (zoneFile: string, workers: number) => {
      const server = start(['--listen', `127.0.0.1:${await freePort()}`, '--zone', `example.com=${zoneFile}`, '--workers', String(workers)]);
      try {
        await until(() => /dns: serving 1 of 1 zone/.test(server.output()), 'the server to start');
        return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))![1]) / 1024;
      } finally {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    };
    const zoneData = (await residentMb(big, 1)) - (await residentMb(small, 1));
    const secondWorker = (await residentMb(big, 2)) - (await residentMb(small, 2)) - zoneData;
    expect(zoneData).toBeGreaterThan(8);
    expect(secondWorker).toBeLessThan(zoneData / 2);
  }, 180_000);
});
