import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UdpMode } from './server';
import { serverRegistry } from './metrics/serverMetrics';
import { parseDig } from '@kaja/test-support/dig';
import { query, udpExchange } from './testing/packets';
import { serveZones, type TestServer } from './testing/server';
import { freshSettings, serveSignedZones, type SignedTestServer } from './testing/signedServer';
import { udpBatchAddon } from './udpBatch';

const run = promisify(execFile);

const zone = `$TTL 300
@ SOA ns1 hostmaster 1 7200 3600 1209600 300
@ NS ns1
ns1 A 192.0.2.1
www A 192.0.2.80
mail A 192.0.2.25
`;

// Loopback has all of 127.0.0.0/8: the flood comes from 127.0.0.2, the other client from
// 127.0.1.3, another /24 (127.0.0.3 would share the flooding network's account, as it should).
const flooder = '127.0.0.2';
const bystander = '127.0.1.3';

/** kdig from `source`, a truncated answer shown as it came (no retry over TCP). */
async function kdigFrom(source: string, port: number, name: string, type: string, tcp = false) {
  const args = ['-b', source, '@127.0.0.1', '-p', String(port), name, type, '+retry=0', '+timeout=2', tcp ? '+tcp' : '+notcp', '+ignore'];
  return parseDig((await run('kdig', args, { timeout: 10_000 })).stdout);
}

/**
 * `count` queries for `name` sent at once from one socket bound to `source`, and the replies that
 * came within a second: a burst no busy machine spreads over the limiter's seconds, as it may
 * spread processes started one after another.
 */
async function burstFrom(source: string, port: number, name: string, count: number): Promise<Buffer[]> {
  const socket = createSocket('udp4');
  const replies: Buffer[] = [];
  socket.on('message', (reply) => replies.push(reply));
  await new Promise<void>((resolve) => socket.bind({ address: source }, resolve));
  try {
    for (let i = 0; i < count; i++) socket.send(query(name, 'A', i), port, '127.0.0.1');
    await sleep(1000);
    return replies;
  } finally {
    socket.close();
  }
}

const field = (text: string, label: string) => Number(new RegExp(`${label}:\\s+([0-9]+)`).exec(text)?.[1] ?? Number.NaN);

const modes: UdpMode[] = udpBatchAddon ? ['dgram', 'batch'] : ['dgram'];

describe.each(modes)('response rate limiting over UDP through %s', (udp) => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kaja-rrl-'));
    server = await serveZones({ 'example.com': zone }, { udp, rateLimit: { rate: 20, window: 2, slip: 2 } });
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("limits a dnsperf flood from one address while another network's queries are all answered", async () => {
    const queries = join(dir, 'queries.txt');
    writeFileSync(queries, 'www.example.com A\nnx.example.com A\n');
    const limiter = server.responder.rateLimiter!;
    const before = { ...limiter.counts };
    // Bounded in time (-l) and rate (-Q); the client's answers are awaited up to -t seconds.
    const flood = run(
      'dnsperf',
      ['-a', flooder, '-s', '127.0.0.1', '-p', String(server.port), '-d', queries, '-l', '3', '-Q', '2000', '-t', '1', '-c', '1', '-q', '5000'],
      {
        timeout: 20_000,
      },
    );
    await sleep(500);
    const answered = [];
    // Five a second, the same questions as the flood: under the rate, on an account of its own.
    for (let i = 0; i < 10; i++) {
      answered.push(await kdigFrom(bystander, server.port, i % 2 ? 'www.example.com' : 'nx.example.com', 'A'));
      await sleep(200);
    }
    // 127.0.0.3 shares the flooding /24; a name the flood does not ask is an account of its own.
    const neighbour = [];
    for (let i = 0; i < 4; i++) neighbour.push(await kdigFrom('127.0.0.3', server.port, 'mail.example.com', 'A'));
    // TCP is not limited: the flooding address itself is answered over it.
    const overTcp = await kdigFrom(flooder, server.port, 'www.example.com', 'A', true);
    const { stdout } = await flood;
    const slipped = limiter.counts.slipped - before.slipped;
    const dropped = limiter.counts.dropped - before.dropped;
    const sent = field(stdout, 'Queries sent');
    const completed = field(stdout, 'Queries completed');
    console.log(`${udp}: dnsperf from ${flooder} sent ${sent}, got ${completed} responses; the limiter slipped ${slipped} (truncated) and dropped ${dropped}`);

    for (const [i, reply] of answered.entries()) {
      expect(reply.flags).not.toContain('tc');
      if (i % 2) expect(reply.answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
      else expect(reply.rcode).toBe('NXDOMAIN');
    }
    for (const reply of neighbour) expect(reply.answer).toEqual(['mail.example.com. 300 IN A 192.0.2.25']);
    expect(overTcp.answer).toEqual(['www.example.com. 300 IN A 192.0.2.80']);
    expect(sent).toBeGreaterThan(1000);
    // Two accounts (the name, the zone's denials) of 20 a second over about 3.5 s, and some credit.
    expect(sent - slipped - dropped).toBeLessThan(400);
    expect(Math.abs(slipped - dropped)).toBeLessThanOrEqual(2);
    expect(completed).toBeLessThan(sent - dropped + 50);
    // The node's metrics read the same counts.
    const metrics = serverRegistry({ counters: server.responder.metrics, zones: () => 1, rateLimit: limiter.counts });
    const actions = (await metrics.getSingleMetric('kaja_dns_rrl_actions_total')!.get()).values;
    expect(actions.map(({ labels, value }) => [labels.action, value])).toEqual([
      ['slip', limiter.counts.slipped],
      ['drop', limiter.counts.dropped],
    ]);
  });

  it('answers all of a flood from an exempt network, and limits the network beside it', async () => {
    const exempting = await serveZones(
      { 'example.com': zone },
      { udp, rateLimit: { rate: 5, window: 2, slip: 1, exempt: [{ address: '127.0.0.0', prefix: 24, family: 'ipv4' }] } },
    );
    try {
      const queries = join(dir, 'exempt-queries.txt');
      writeFileSync(queries, 'www.example.com A\nnx.example.com A\n');
      const flood = run(
        'dnsperf',
        ['-a', flooder, '-s', '127.0.0.1', '-p', String(exempting.port), '-d', queries, '-l', '2', '-Q', '1000', '-t', '1', '-c', '1', '-q', '100'],
        { timeout: 20_000 },
      );
      // 127.0.1.3 is not exempt: past 5 a second its answers come truncated (slip 1).
      const bystanderReplies = (await burstFrom(bystander, exempting.port, 'www.example.com', 30)).map((reply) => dnsPacket.decode(reply));
      const truncated = bystanderReplies.filter((reply) => reply.flags! & dnsPacket.TRUNCATED_RESPONSE).length;
      const { stdout } = await flood;
      const sent = field(stdout, 'Queries sent');
      expect(sent).toBeGreaterThan(1000);
      expect(field(stdout, 'Queries completed')).toBe(sent);
      expect(bystanderReplies).toHaveLength(30);
      expect(truncated).toBeGreaterThan(0);
      const { slipped, dropped } = exempting.responder.rateLimiter!.counts;
      expect(dropped).toBe(0);
      expect(slipped).toBe(truncated);
    } finally {
      await exempting.close();
    }
  });

  it('slips a truncated answer no larger than the query', async () => {
    const question = query('mail.example.com', 'A', 9, {
      additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 1232, flags: dnsPacket.DNSSEC_OK } as dnsPacket.Answer],
    });
    let truncated: Buffer | null = null;
    for (let i = 0; i < 60 && truncated === null; i++) {
      const reply = await udpExchange(server.port, question, 300);
      if (reply && reply[2]! & 0x02) truncated = reply;
    }
    expect(truncated).not.toBeNull();
    const decoded = dnsPacket.decode(truncated!);
    expect(decoded.id).toBe(9);
    expect(decoded.questions).toEqual([{ name: 'mail.example.com', type: 'A', class: 'IN' }]);
    expect(decoded.answers).toHaveLength(0);
    expect(truncated!.length).toBeLessThanOrEqual(question.length);
  });
});

describe('amplification: bytes out per byte in', () => {
  let server: SignedTestServer;
  beforeAll(async () => {
    server = await serveSignedZones({
      'example.com': { text: zone, settings: freshSettings(false) },
      'example.net': { text: zone, settings: freshSettings(true) },
      'example.org': { text: zone },
    });
  });
  afterAll(() => server.close());

  const edns = (dnssecOk: boolean) => ({
    additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 1232, flags: dnssecOk ? dnsPacket.DNSSEC_OK : 0 } as dnsPacket.Answer],
  });
  const cases: { label: string; name: string; type: string; extra: Partial<dnsPacket.Packet> }[] = [
    { label: 'A, no EDNS', name: 'www.example.org', type: 'A', extra: {} },
    { label: 'NXDOMAIN, EDNS', name: 'nx.example.org', type: 'A', extra: edns(false) },
    { label: 'A +DO (NSEC zone)', name: 'www.example.com', type: 'A', extra: edns(true) },
    { label: 'NODATA +DO (NSEC)', name: 'www.example.com', type: 'TXT', extra: edns(true) },
    { label: 'NXDOMAIN +DO (NSEC)', name: 'nx.example.com', type: 'A', extra: edns(true) },
    { label: 'NXDOMAIN +DO (NSEC3)', name: 'nx.example.net', type: 'A', extra: edns(true) },
    { label: 'NXDOMAIN +DO (NSEC3, deeper)', name: 'a.b.nx.example.net', type: 'A', extra: edns(true) },
    { label: 'DNSKEY +DO', name: 'example.com', type: 'DNSKEY', extra: edns(true) },
    { label: 'ANY +DO', name: 'example.com', type: 'ANY', extra: edns(true) },
  ];

  it('prints the ratios, and denials carry each proof once and nothing more', async () => {
    const rows: string[] = [];
    for (const { label, name, type, extra } of cases) {
      const question = query(name, type, 1, extra);
      const reply = await udpExchange(server.port, question);
      expect(reply).not.toBeNull();
      rows.push(
        `${label.padEnd(30)} ${String(question.length).padStart(4)} B in ${String(reply!.length).padStart(5)} B out  ${(reply!.length / question.length).toFixed(1)}x`,
      );
      const decoded = dnsPacket.decode(reply!);
      const records = [...(decoded.answers ?? []), ...(decoded.authorities ?? [])];
      const seen = records.map((r) => `${r.name} ${r.type} ${JSON.stringify((r as { data?: unknown }).data)}`);
      expect(new Set(seen).size).toBe(seen.length);
      const denials = (decoded.authorities ?? []).filter((r) => r.type === 'NSEC' || r.type === 'NSEC3');
      // NSEC: the name's cover and the wildcard's (RFC 4035 3.1.3.2); NSEC3: closest encloser,
      // next closer and wildcard (RFC 5155 7.2.2); fewer where one record serves twice.
      if (label.startsWith('NXDOMAIN +DO (NSEC)')) expect(denials.length).toBeLessThanOrEqual(2);
      if (label.startsWith('NXDOMAIN +DO (NSEC3')) expect(denials.length).toBeLessThanOrEqual(3);
      if (label.startsWith('NODATA')) expect(denials).toHaveLength(1);
      // Only the OPT record in the additional section of a denial.
      if (label.includes('NXDOMAIN') || label.startsWith('NODATA'))
        expect((decoded.additionals ?? []).map((r) => r.type)).toEqual(extra.additionals ? ['OPT'] : []);
    }
    console.log(`Amplification (ECDSAP256SHA256 keys):\n${rows.join('\n')}`);
  });
});
