import { setTimeout as sleep } from 'node:timers/promises';
import dnsPacket from 'dns-packet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { javascriptAnswer, spyOnJavaScript } from './testing/javascriptPath';
import { query, udpExchange } from './testing/packets';
import { seededRandom } from './testing/seededRandom';
import { serveZones } from './testing/server';
import { freshSettings, nextChange, publishKeys, serveSignedZones, type SignedTestServer } from './testing/signedServer';
import type { DnsServer } from './server';
import type { ZoneSigning } from './signing';
import { udpBatchAddon } from './udpBatch';
import { loadZoneText, wireRecord } from './zoneFile';
import type { ZoneStore } from './zoneStore';

const zoneText = `$TTL 300
@ SOA ns1.example.com. hostmaster.example.com. 1 7200 3600 1209600 60
@ NS ns1
@ MX 10 mail
ns1 A 192.0.2.1
mail A 192.0.2.25
www A 192.0.2.80
host-1 AAAA 2001:db8::1
a.b.c TXT "below two empty non-terminals"
*.wild A 192.0.2.90
*.wild TXT "made up"
*.wild MX 10 mail
*.cn CNAME www
*.svc HTTPS 1 host-1 alpn=h2
sub NS ns1.sub
sub NS ns.elsewhere.net.
ns1.sub A 192.0.2.53
${Array.from({ length: 25 }, (_, i) => `*.big TXT "${'x'.repeat(20)}${i}"`).join('\n')}
`;

/** Names below which the questions are made up: the apex, wildcards (one with a target), a cut and glue below it, empty non-terminals, a host. */
const parents = ['', 'wild', 'cn', 'svc', 'sub', 'ns1.sub', 'c', 'b.c', 'www', 'big', 'nope.deeper'];
const types = ['A', 'AAAA', 'TXT', 'MX', 'ANY', 'DS', 'NS', 'SOA', 'CNAME', 'HTTPS'] as const;

/** Questions for made-up names in every form the addon takes: letter case, EDNS and DO, one or two labels deeper. */
function madeUpQuestions(count: number, seed: number): Buffer[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const label = () => Array.from({ length: 1 + Math.floor(next() * 12) }, () => pick([...'abcdefghijklmnopqrstuvwxyz0123456789-', 'Q', 'Z', '_'])).join('');
  const packets: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const parent = pick(parents);
    const labels = next() < 0.25 ? `${label()}.${label()}` : label();
    const name = [labels, parent, 'example.com'].filter(Boolean).join('.');
    const variant = Math.floor(next() * 3);
    const additionals = variant === 0 ? [] : [opt(variant === 2 ? dnsPacket.DNSSEC_OK : 0)];
    packets.push(query(name, pick(types), i, { additionals }));
  }
  return packets;
}

const opt = (flags: number) => ({ type: 'OPT', name: '.', udpPayloadSize: 1232, flags }) as unknown as dnsPacket.Answer;

const truncated = (reply: Buffer) => (reply[2]! & 0x02) !== 0;

const NXDOMAIN = 3;

/** The answer to an A query for `name`, decoded, with its rcode. */
async function answerTo(port: number, name: string) {
  const reply = (await udpExchange(port, query(name, 'A')))!;
  return { ...dnsPacket.decode(reply), rcode: reply[3]! & 0x0f };
}

describe.runIf(udpBatchAddon)('made-up names answered from templates by the addon', () => {
  let server: (DnsServer & { port: number; zones: ZoneStore; signing?: ZoneSigning }) | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  /** Asks every question twice; the second time each must be what JavaScript answers. Returns JavaScript's calls in the second round. */
  async function askTwice(packets: Buffer[]): Promise<{ calls: number; truncated: number }> {
    const { port, zones, signing, responder } = server!;
    for (const packet of packets) expect(await udpExchange(port, packet)).not.toBeNull();
    const calls = spyOnJavaScript(responder);
    let cut = 0;
    for (const packet of packets) {
      const reply = (await udpExchange(port, packet))!;
      const asked = dnsPacket.decode(packet).questions![0]!;
      expect(reply, `${asked.name} ${asked.type}`).toEqual(javascriptAnswer(zones, packet, signing));
      if (truncated(reply)) cut++;
    }
    return { calls: calls.count, truncated: cut };
  }

  it('answers made-up names of an unsigned zone from the first one like them, with the octets JavaScript gives', async () => {
    server = await serveZones({ 'example.com': zoneText }, { udp: 'batch' });
    const { calls, truncated } = await askTwice(madeUpQuestions(400, 1));
    // Only the answers too long for plain UDP (the big wildcard without EDNS) are left to JavaScript.
    expect(truncated).toBeGreaterThan(0);
    expect(calls).toBe(truncated);
  });

  it('answers them so in an NSEC-signed zone, signatures and denials included', async () => {
    server = await serveSignedZones({ 'example.com': { text: zoneText, settings: freshSettings(false) } }, { udp: 'batch' });
    await server.signing!.signedAhead();
    const { calls, truncated } = await askTwice(madeUpQuestions(400, 2));
    expect(calls).toBe(truncated);
  });

  it('answers them so in an NSEC3-signed zone, the record covering the hash of the name asked put in by the addon', async () => {
    server = await serveSignedZones({ 'example.com': { text: zoneText, settings: freshSettings(true) } }, { udp: 'batch' });
    await server.signing!.signedAhead();
    const packets = madeUpQuestions(400, 3);
    const { calls, truncated } = await askTwice(packets);
    // Besides the answers too long for UDP, JavaScript answers again:
    // - a CNAME wildcard's expansion whose target lacks the type: two denials, one of them not the
    //   name asked's, is no template;
    // - a name whose first answer was the only one of its encloser and type, and whose cover was
    //   also the encloser's NSEC3 or its wildcard's: listed once, it leaves no room for other
    //   names' covers. Two of this zone's 19 hashes; in a zone of thousands, next to none.
    const signed = packets.filter(
      (packet) => ((dnsPacket.decode(packet).additionals?.[0] as dnsPacket.OptAnswer | undefined)?.flags ?? 0) & dnsPacket.DNSSEC_OK,
    );
    const cnameExpansions = signed.filter((packet) => /\.cn\.example\.com$/i.test(dnsPacket.decode(packet).questions![0]!.name));
    expect(signed.length).toBeGreaterThan(100);
    expect(calls - truncated).toBeLessThanOrEqual(cnameExpansions.length + signed.length / 20);
  });

  it('hands the addon an NSEC3 chain in step with the zone and its keys', async () => {
    const signed: SignedTestServer = await serveSignedZones({ 'example.com': { text: zoneText, settings: freshSettings(true) } }, { udp: 'batch' });
    server = signed;
    const calls = spyOnJavaScript(signed.responder);
    let probes = 0;
    // Each round's answers from templates are compared with JavaScript's, whose signatures and chain are the signer's now.
    const round = async (seed: number) => {
      await signed.signing.signedAhead();
      // After a change the chain is made again once fifty times the last making's time has passed
      // (decision 096): on a busy machine, where that time stretches, up to seconds. Until then
      // no denial is kept as a template; made-up names are asked until one is the addon's.
      await vi.waitFor(
        async () => {
          const before = calls.count;
          await udpExchange(signed.port, query(`probe-${++probes}.example.com`, 'A', probes, { additionals: [opt(dnsPacket.DNSSEC_OK)] }));
          expect(calls.count).toBe(before);
        },
        { timeout: 10_000, interval: 20 },
      );
      const packets = madeUpQuestions(120, seed);
      expect((await askTwice(packets)).calls).toBeLessThan(packets.length / 4);
    };
    await round(5);
    // A name added: a hash more in the chain, its neighbour's next hash changed.
    const added = wireRecord({ name: 'added.example.com', type: 'A', ttl: 300, content: '198.51.100.7' });
    expect(signed.zones.apply('example.com', nextChange(signed.zones.get('example.com')!, [], [added]))).toBe('applied');
    await round(6);
    // New keys: every signature made again.
    publishKeys(signed, 'example.com', freshSettings(true));
    await round(7);
  });

  it('has the made-up names’ denials and expansions made with the answers made ahead: the first ones asked are the addon’s', async () => {
    server = await serveSignedZones({ 'example.com': { text: zoneText, settings: freshSettings(true) } }, { udp: 'batch', answersAhead: true });
    await server.responder.answeredAhead();
    const calls = spyOnJavaScript(server.responder);
    const asked: [string, string][] = [
      ['made-up-1.example.com', 'A'],
      ['made-up-2.example.com', 'AAAA'],
      ['made-up-3.example.com', 'HTTPS'],
      ['x.wild.example.com', 'TXT'],
      ['y.wild.example.com', 'MX'],
    ];
    const packets = asked.map(([name, type], i) => {
      const packet = query(name, type === 'HTTPS' ? 'A' : type, i, { additionals: [opt(dnsPacket.DNSSEC_OK)] });
      // dns-packet has no name for HTTPS: a type it knows, set to 65 after.
      if (type === 'HTTPS') packet.writeUInt16BE(65, 12 + name.length + 2);
      return packet;
    });
    for (const packet of packets) expect(await udpExchange(server.port, packet)).toEqual(javascriptAnswer(server.zones, packet, server.signing));
    expect(calls.count).toBe(0);
  });

  it('leaves to JavaScript the names of a zone with a DNAME', async () => {
    server = await serveZones({ 'example.com': `${zoneText}redirect DNAME example.net.\n` }, { udp: 'batch' });
    // Each question once: one asked again in a round is answered from the answer cache, from its second query.
    const questions = new Set<string>();
    const plain = madeUpQuestions(100, 4).filter((packet) => {
      const { questions: asked, additionals } = dnsPacket.decode(packet);
      const key = `${asked![0]!.name.toLowerCase()} ${asked![0]!.type} ${JSON.stringify(additionals)}`;
      if (questions.has(key)) return false;
      questions.add(key);
      return true;
    });
    expect((await askTwice(plain)).calls).toBe(plain.filter((packet) => !truncated(javascriptAnswer(server!.zones, packet))).length);
  });

  it('keeps no template whose data names the name asked, and answers that name from another’s with the same records', async () => {
    server = await serveZones({ 'example.com': zoneText }, { udp: 'batch' });
    const calls = spyOnJavaScript(server.responder);
    // The SOA's mailbox is hostmaster.example.com: its answer points into the question from the SOA's data.
    const mailbox = query('hostmaster.example.com', 'A', 1);
    await udpExchange(server.port, mailbox);
    // In the same gap, between host-1 and mail.
    await udpExchange(server.port, query('hostzzz.example.com', 'A', 2));
    expect(calls.count).toBe(2);
    const reply = (await udpExchange(server.port, mailbox))!;
    expect(calls.count).toBe(2);
    // Not the octets JavaScript writes (its mailbox is a pointer to the question), the same message.
    const own = javascriptAnswer(server.zones, mailbox);
    expect(reply).not.toEqual(own);
    expect(dnsPacket.decode(reply)).toEqual(dnsPacket.decode(own));
  });

  it('forgets them when the zone changes: a name added in a gap is answered, not denied', async () => {
    server = await serveZones({ 'example.com': zoneText }, { udp: 'batch' });
    const calls = spyOnJavaScript(server.responder);
    const ask = async (name: string) => answerTo(server!.port, name);
    expect((await ask('new-1.example.com')).rcode).toBe(NXDOMAIN);
    expect((await ask('new-2.example.com')).rcode).toBe(NXDOMAIN);
    expect(calls.count).toBe(1);
    const added = wireRecord({ name: 'new-2.example.com', type: 'A', ttl: 300, content: '198.51.100.2' });
    expect(server.zones.apply('example.com', nextChange(server.zones.get('example.com')!, [], [added]))).toBe('applied');
    // A changed zone's children are listed again after 0.05 ms per name of the zone: a millisecond here.
    await sleep(10);
    expect((await ask('new-2.example.com')).answers).toMatchObject([{ type: 'A', data: '198.51.100.2' }]);
    expect((await ask('new-3.example.com')).rcode).toBe(NXDOMAIN);
    expect((await ask('new-4.example.com')).rcode).toBe(NXDOMAIN);
    expect(calls.count).toBe(3);
  });

  it('never answers for a zone hosted below the encloser: its names go to that zone once it comes', async () => {
    server = await serveZones({ 'example.com': zoneText }, { udp: 'batch' });
    const calls = spyOnJavaScript(server.responder);
    const ask = async (name: string) => answerTo(server!.port, name);
    expect((await ask('child.example.com')).rcode).toBe(NXDOMAIN);
    expect((await ask('x.child.example.com')).rcode).toBe(NXDOMAIN);
    expect(calls.count).toBe(1);
    server.zones.put(loadZoneText('child.example.com', '$TTL 60\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nns1 A 198.51.100.53\n'));
    expect((await ask('child.example.com')).authorities).toMatchObject([{ type: 'SOA', name: 'child.example.com' }]);
    expect((await ask('x.child.example.com')).authorities).toMatchObject([{ type: 'SOA', name: 'child.example.com' }]);
    // The parent's apex no longer answers from a template while the child is hosted: each made-up name asks JavaScript.
    const before = calls.count;
    expect((await ask('other-1.example.com')).rcode).toBe(NXDOMAIN);
    expect((await ask('other-2.example.com')).rcode).toBe(NXDOMAIN);
    expect(calls.count - before).toBe(2);
    server.zones.remove('child.example.com');
    expect((await ask('y.child.example.com')).authorities).toMatchObject([{ type: 'SOA', name: 'example.com' }]);
  });

  it('counts a wildcard’s expansions in one rate-limit account, in the addon as in JavaScript', async () => {
    server = await serveZones({ 'example.com': zoneText }, { udp: 'batch', rateLimit: { rate: 2, window: 2, slip: 0 } });
    // The first answered in JavaScript, which keeps its template; the rest asked together.
    const first = await udpExchange(server.port, query('x0.wild.example.com', 'A'));
    const replies = [first, ...(await Promise.all([1, 2, 3, 4, 5].map((i) => udpExchange(server!.port, query(`x${i}.wild.example.com`, 'A', i), 300))))];
    const dropped = replies.filter((reply) => reply === null).length;
    // Two a second for the wildcard's name and type, whatever the name asked: however the seconds
    // fall, at most four of six answered (an account per name asked would answer all six).
    expect(dropped).toBe(server.responder.rateLimiter!.counts.dropped);
    expect(dropped).toBeGreaterThanOrEqual(2);
  });

  it('sends a limited template answer truncated with the query’s own question, as every limited answer', async () => {
    server = await serveZones({ 'example.com': zoneText }, { udp: 'batch', rateLimit: { rate: 1, window: 2, slip: 1 } });
    await udpExchange(server.port, query('x0.wild.example.com', 'A'));
    const packets = [1, 2, 3, 4].map((i) => query(`X${i}.wild.example.COM`, 'A', i));
    const replies = (await Promise.all(packets.map((packet) => udpExchange(server!.port, packet)))).map((reply) => dnsPacket.decode(reply!));
    const cut = replies.filter((reply) => (reply.flags! & dnsPacket.TRUNCATED_RESPONSE) !== 0);
    // One a second: however the second falls, at least two of the four are limited.
    expect(cut.length).toBeGreaterThanOrEqual(2);
    expect(cut.length).toBe(server.responder.rateLimiter!.counts.slipped);
    for (const reply of cut) {
      expect(reply.answers).toEqual([]);
      expect(reply.questions).toEqual(dnsPacket.decode(packets[reply.id! - 1]!).questions);
    }
  });
});
