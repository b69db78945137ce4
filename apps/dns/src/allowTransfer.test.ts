import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@kaja/test-support/ports';

// `npm run dns -- --allow-transfer`: the standalone server started as an operator would, with keys
// on the command line and in a BIND key file, asked by dig and kdig from several loopback addresses.
const run = promisify(execFile);
const main = fileURLToPath(new URL('./main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'kaja-dns-allow-transfer-'));
const sha1Secret = Buffer.alloc(20, 3).toString('base64');
const md5Secret = Buffer.alloc(16, 4).toString('base64');
/** One key per SHA-2 algorithm, each allowed from its own address, with the shortest truncation RFC 8945 5.2.2.1 permits. */
const sha2Keys = [
  { algorithm: 'hmac-sha224', bits: 112, address: '127.0.0.6' },
  { algorithm: 'hmac-sha256', bits: 128, address: '127.0.0.7' },
  { algorithm: 'hmac-sha384', bits: 192, address: '127.0.0.8' },
  { algorithm: 'hmac-sha512', bits: 256, address: '127.0.0.9' },
].map((key, i) => ({ ...key, name: `${key.algorithm}.example.org`, secret: Buffer.alloc(32, 10 + i).toString('base64') }));
const soa = (zone: string) => `ns1.${zone}. hostmaster.${zone}. 7 7200 3600 1209600 60`;
const zoneText = (zone: string) => `$TTL 300\n@ SOA ${soa(zone)}\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\n`;

let child: ChildProcess;
let output = '';
let port: number;

beforeAll(async () => {
  for (const zone of ['example.com', 'example.net', 'example.org']) writeFileSync(join(dir, `${zone}.zone`), zoneText(zone));
  writeFileSync(join(dir, 'old-peer.key'), `key "old-peer.example.org" {\n\talgorithm hmac-md5;\n\tsecret "${md5Secret}";\n};\n`);
  port = await freePort();
  const { DATABASE_URL: _, ...env } = process.env;
  child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      main,
      '--listen',
      `127.0.0.1:${port}`,
      '--workers',
      '1',
      '--zone',
      `example.com=${join(dir, 'example.com.zone')}`,
      '--zone',
      `example.net=${join(dir, 'example.net.zone')}`,
      '--zone',
      `example.org=${join(dir, 'example.org.zone')}`,
      '--tsig-key',
      `xfr.example.net:hmac-sha1:${sha1Secret}`,
      '--tsig-key-file',
      join(dir, 'old-peer.key'),
      // By address alone, one address.
      '--allow-transfer',
      'example.com=127.0.0.2',
      // A network, and only with the key.
      '--allow-transfer',
      'example.net=127.0.0.0/8,key=xfr.example.net',
      // Every zone, with the operator's HMAC-MD5 key for an old peer.
      '--allow-transfer',
      '*=127.0.0.4/32,key=old-peer.example.org',
      ...sha2Keys.flatMap((key) => [
        '--tsig-key',
        `${key.name}:${key.algorithm}:${key.secret}`,
        '--allow-transfer',
        `example.org=${key.address},key=${key.name}`,
      ]),
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 45_000;
  while (!output.includes('dns: serving')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

/** Everything dig or kdig printed (they print refusals on stderr and exit non-zero). */
async function client(program: 'dig' | 'kdig', args: string[]): Promise<string> {
  const limits = program === 'dig' ? ['+tries=1', '+time=5'] : ['+retry=0', '+timeout=5'];
  try {
    const { stdout, stderr } = await run(program, ['@127.0.0.1', '-p', String(port), ...limits, ...args], { timeout: 15_000 });
    return stdout + stderr;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return stdout + stderr;
  }
}

const records = (out: string) =>
  out
    .split('\n')
    .filter((line) => /\sIN\s/.test(line) && !line.startsWith(';'))
    .map((line) => line.trim().split(/\s+/).join(' '));
const refused = /Transfer failed|REFUSED/;

describe('--allow-transfer ZONE=CIDR', () => {
  it('transfers the zone to an allowed address without TSIG, and to no other address', async () => {
    const allowed = records(await client('dig', ['-b', '127.0.0.2', 'example.com', 'AXFR']));
    expect(allowed).toEqual([
      `example.com. 300 IN SOA ${soa('example.com')}`,
      'example.com. 300 IN NS ns1.example.com.',
      'ns1.example.com. 300 IN A 192.0.2.1',
      'www.example.com. 300 IN A 192.0.2.80',
      `example.com. 300 IN SOA ${soa('example.com')}`,
    ]);
    expect(await client('dig', ['-b', '127.0.0.3', 'example.com', 'AXFR'])).toMatch(refused);
    // The rule is for example.com alone.
    expect(await client('dig', ['-b', '127.0.0.2', 'example.net', 'AXFR'])).toMatch(refused);
    expect(records(await client('kdig', ['-b', '127.0.0.2', 'example.com', 'IXFR=6']))).toHaveLength(5);
  });

  it('with key=, transfers only requests signed with that key (hmac-sha1), signing every message', async () => {
    const signed = await client('dig', ['-b', '127.0.0.5', '-y', `hmac-sha1:xfr.example.net:${sha1Secret}`, 'example.net', 'AXFR']);
    expect(records(signed)).toHaveLength(5);
    expect(signed).not.toMatch(/[Cc]ouldn't verify|failed/);
    expect(await client('dig', ['-b', '127.0.0.5', 'example.net', 'AXFR'])).toMatch(refused);
    // A MAC truncated to 80 bits (RFC 8945 5.2.2.1): every message of the answer carries one as short, and dig verifies them.
    const truncated = await client('dig', ['-b', '127.0.0.5', '-y', `hmac-sha1-80:xfr.example.net:${sha1Secret}`, 'example.net', 'AXFR']);
    expect(records(truncated)).toHaveLength(5);
    expect(truncated).not.toMatch(/[Cc]ouldn't verify|failed|expected/);
    const wrong = await client('kdig', ['-b', '127.0.0.5', '-y', `hmac-sha1:xfr.example.net:${Buffer.alloc(20, 9).toString('base64')}`, 'example.net', 'AXFR']);
    expect(wrong).toMatch(/BADSIG|NOTAUTH/);
    expect(records(wrong)).toEqual([]);
  });

  it('transfers with each SHA-2 algorithm (dig -y), full and truncated, signing every message; unsigned is refused', async () => {
    for (const key of sha2Keys) {
      for (const algorithm of [key.algorithm, `${key.algorithm}-${key.bits}`]) {
        const out = await client('dig', ['-b', key.address, '-y', `${algorithm}:${key.name}:${key.secret}`, 'example.org', 'AXFR']);
        expect(records(out), algorithm).toHaveLength(5);
        expect(out, algorithm).not.toMatch(/[Cc]ouldn't verify|failed|expected/);
      }
      expect(await client('dig', ['-b', key.address, 'example.org', 'AXFR']), key.algorithm).toMatch(refused);
    }
  });

  it('for *, allows every zone; an HMAC-MD5 key from a BIND key file signs for an old peer (dig -k)', async () => {
    for (const zone of ['example.com', 'example.net', 'example.org']) {
      const out = await client('dig', ['-b', '127.0.0.4', '-k', join(dir, 'old-peer.key'), zone, 'AXFR']);
      expect(records(out), zone).toHaveLength(5);
      expect(out).toMatch(/hmac-md5\.sig-alg\.reg\.int/i);
      expect(out).not.toMatch(/[Cc]ouldn't verify|failed/);
    }
    expect(await client('dig', ['-b', '127.0.0.4', 'example.org', 'AXFR'])).toMatch(refused);
  });

  it('answers IXFR over UDP with the current SOA (RFC 1995 2) to those allowed, and REFUSED to others', async () => {
    for (const serial of [7, 6]) {
      const out = await client('dig', ['-b', '127.0.0.2', '+notcp', 'example.com', `IXFR=${serial}`]);
      expect(out).toMatch(/SERVER: .*\(UDP\)/);
      expect(records(out)).toEqual([`example.com. 300 IN SOA ${soa('example.com')}`]);
    }
    const signed = await client('kdig', ['-b', '127.0.0.5', '+notcp', '-y', `hmac-sha1:xfr.example.net:${sha1Secret}`, 'example.net', 'IXFR=1']);
    expect(records(signed)).toEqual([`example.net. 300 IN SOA ${soa('example.net')}`]);
    expect(signed).not.toMatch(/WARNING|failed/i);
    expect(await client('kdig', ['-b', '127.0.0.3', '+notcp', 'example.com', 'IXFR=7'])).toMatch(/REFUSED/);
    expect(await client('kdig', ['-b', '127.0.0.2', '+notcp', 'example.com', 'AXFR'])).toMatch(/REFUSED/);
  });
});
