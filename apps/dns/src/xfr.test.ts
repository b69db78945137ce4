import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, udpExchange } from './testing/packets';
import { serveZones, type TestServer } from './testing/server';
import { StaticTransferAccess, type TransferSource } from './transferAccess';
import type { ZoneChange } from './zone';
import { wireRecord } from './zoneFile';

const run = promisify(execFile);
const secret = Buffer.alloc(32, 9).toString('base64');
const key = { name: 'xfr.example.com', algorithm: 'hmac-sha256' as const, secret: new Uint8Array(Buffer.from(secret, 'base64')) };
const soa = (serial: number) => `ns1.example.com. hostmaster.example.com. ${serial} 7200 3600 1209600 60`;
const hosts = Array.from({ length: 1500 }, (_, i) => `host${i} A 198.51.100.${i % 250}\n`).join('');
const zoneText = `$TTL 300\n@ SOA ${soa(1).replace(/example\.com\./g, 'example.com.')}\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\n@ ALIAS target.example.net.\n${hosts}`;

/** The journal of the changes the test applies, as the database would hold it. */
const journal: ZoneChange[] = [];
const source: TransferSource = {
  async changesSince(_zone, serial) {
    const start = journal.findIndex((change) => change.previousSerial === serial);
    return start < 0 ? undefined : journal.slice(start);
  },
};

const record = (name: string, type: string, content: string, ttl = 300) => wireRecord({ name, type, ttl, content });

let server: TestServer;
beforeAll(async () => {
  server = await serveZones(
    { 'example.com': zoneText, 'example.org': `@ 300 SOA ns1.example.org. h.example.org. 1 7200 3600 1209600 60\n` },
    // Transfers from 127.0.0.2 only: the tests send from 127.0.0.1 to be refused (dig -b picks the source).
    { transfers: { access: new StaticTransferAccess([{ zone: 'example.com', address: '127.0.0.2', port: 53, key }]), source } },
  );
  for (const [from, to, removed, added] of [
    [1, 2, [], [record('new.example.com', 'A', '192.0.2.2')]],
    [2, 3, [record('www.example.com', 'A', '192.0.2.80')], [record('www.example.com', 'A', '192.0.2.81'), record('txt.example.com', 'TXT', '"hello"')]],
  ] as const) {
    const change = {
      previousSerial: from,
      serial: to,
      removed: [record('example.com', 'SOA', soa(from)), ...removed],
      added: [record('example.com', 'SOA', soa(to)), ...added],
    };
    expect(server.zones.apply('example.com', change)).toBe('applied');
    journal.push(change);
  }
});
afterAll(() => server.close());

/** Runs dig or kdig and gives everything it printed (they print refusals on stderr and exit non-zero). */
async function client(program: 'dig' | 'kdig', args: string[]): Promise<string> {
  const limits = program === 'dig' ? ['+tries=1', '+time=5'] : ['+retry=0', '+timeout=5'];
  try {
    const { stdout, stderr } = await run(program, ['@127.0.0.1', '-p', String(server.port), ...limits, ...args], { timeout: 15_000 });
    return stdout + stderr;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return stdout + stderr;
  }
}

const signed = ['-b', '127.0.0.2', '-y', `hmac-sha256:xfr.example.com:${secret}`];
const records = (out: string) =>
  out
    .split('\n')
    .filter((line) => /\sIN\s/.test(line) && !line.startsWith(';'))
    .map((line) => line.trim().split(/\s+/).join(' '));

describe('AXFR (RFC 5936) with TSIG', () => {
  it('sends the whole zone to a secondary with its key, SOA first and last, in several signed messages', async () => {
    const out = await client('dig', [...signed, 'example.com', 'AXFR']);
    expect(out).not.toMatch(/failed|Couldn't verify/);
    const lines = records(out);
    expect(lines[0]).toBe(`example.com. 300 IN SOA ${soa(3)}`);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(lines).toHaveLength(1500 + 7);
    expect(lines).toContain('www.example.com. 300 IN A 192.0.2.81');
    expect(lines).toContain('txt.example.com. 300 IN TXT "hello"');
    expect(lines).not.toContain('www.example.com. 300 IN A 192.0.2.80');
    // ALIAS is resolved when answering; a secondary could not serve it.
    expect(out).not.toMatch(/TYPE65300/);
    const messages = Number(/messages (\d+)/.exec(out)![1]);
    expect(messages).toBeGreaterThan(1);
  });

  it('kdig verifies the stream too', async () => {
    const out = await client('kdig', [...signed, 'example.com', 'AXFR']);
    expect(out).toMatch(/Received \d+ B \((\d+) messages, 1507 records\)/);
    expect(out).not.toMatch(/;; (ERROR|WARNING)/);
  });

  it('refuses a request without TSIG (REFUSED)', async () => {
    expect(await client('kdig', ['-b', '127.0.0.2', 'example.com', 'AXFR'])).toMatch(/server replied with error 'REFUSED'/);
  });

  it('refuses the right key from an address that is not a secondary (REFUSED, signed)', async () => {
    const out = await client('kdig', ['-y', `hmac-sha256:xfr.example.com:${secret}`, 'example.com', 'AXFR']);
    expect(out).toMatch(/server replied with error 'REFUSED'/);
  });

  it('answers a wrong secret with NOTAUTH and BADSIG, and an unknown key with BADKEY', async () => {
    const wrong = Buffer.alloc(32, 1).toString('base64');
    expect(await client('kdig', ['-b', '127.0.0.2', '-y', `hmac-sha256:xfr.example.com:${wrong}`, 'example.com', 'AXFR'])).toMatch(/error 'BADSIG'/);
    const unknown = await client('dig', ['-b', '127.0.0.2', '-y', `hmac-sha256:other.example.com:${secret}`, 'example.com', 'AXFR']);
    expect(unknown).toMatch(/other\.example\.com\.\s+0\s+ANY\s+TSIG\s+hmac-sha256\. \d+ 300 0 +\d+ BADKEY 0/);
    expect(unknown).toContain('Transfer failed');
  });

  it('refuses zones without secondaries and names we do not host', async () => {
    expect(await client('kdig', [...signed, 'example.org', 'AXFR'])).toMatch(/error 'BADKEY'/);
    expect(await client('kdig', [...signed, 'example.net', 'AXFR'])).toMatch(/error 'REFUSED'/);
  });

  it('refuses AXFR and IXFR over UDP', async () => {
    for (const type of ['AXFR', 'IXFR']) {
      const reply = await udpExchange(server.port, query('example.com', type));
      expect(reply![3]! & 0x0f).toBe(5);
    }
  });
});

describe('IXFR (RFC 1995) from the change journal', () => {
  it('sends the difference sequences from the client’s serial', async () => {
    const lines = records(await client('dig', [...signed, 'example.com', 'IXFR=1']));
    expect(lines).toEqual([
      `example.com. 300 IN SOA ${soa(3)}`,
      `example.com. 300 IN SOA ${soa(1)}`,
      `example.com. 300 IN SOA ${soa(2)}`,
      'new.example.com. 300 IN A 192.0.2.2',
      `example.com. 300 IN SOA ${soa(2)}`,
      'www.example.com. 300 IN A 192.0.2.80',
      `example.com. 300 IN SOA ${soa(3)}`,
      'www.example.com. 300 IN A 192.0.2.81',
      'txt.example.com. 300 IN TXT "hello"',
      `example.com. 300 IN SOA ${soa(3)}`,
    ]);
  });

  it('answers a client that is current with the SOA alone', async () => {
    expect(records(await client('kdig', [...signed, 'example.com', 'IXFR=3']))).toEqual([`example.com. 300 IN SOA ${soa(3)}`]);
  });

  it('sends the whole zone when the journal does not reach back to the client’s serial', async () => {
    const lines = records(await client('kdig', [...signed, 'example.com', 'IXFR=0']));
    expect(lines).toHaveLength(1507);
    expect(lines[1]).not.toMatch(/SOA/);
  });

  it('checks TSIG and the address as AXFR does', async () => {
    expect(await client('kdig', ['-b', '127.0.0.2', 'example.com', 'IXFR=1'])).toMatch(/error 'REFUSED'/);
  });
});

describe('NOTIFY to us', () => {
  it('is refused: we are the primary', async () => {
    const packet = Buffer.from('abcd20000001000000000000076578616d706c6503636f6d0000060001', 'hex'); // opcode NOTIFY, example.com SOA
    const reply = await udpExchange(server.port, packet);
    expect(reply![3]! & 0x0f).toBe(5);
    expect((reply![2]! >> 3) & 0xf).toBe(4);
  });
});
