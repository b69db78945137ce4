import dnsPacket from 'dns-packet';
import { afterEach, describe, expect, it } from 'vitest';
import { javascriptAnswer, spyOnJavaScript } from './testing/javascriptPath';
import { query, udpExchange } from './testing/packets';
import { serveZones, type TestServer } from './testing/server';
import { nextChange } from './testing/signedServer';
import { udpBatchAddon } from './udpBatch';
import { loadZoneText, wireRecord } from './zoneFile';

const soa = (serial: number) => `ns1.example.com. hostmaster.example.com. ${serial} 7200 3600 1209600 60`;
const zone = `$TTL 300
@ SOA ${soa(1)}
@ NS ns1
ns1 A 192.0.2.1
www A 192.0.2.80
*.wild TXT "made up"
${Array.from({ length: 25 }, (_, i) => `big TXT "${'x'.repeat(20)}${i}"`).join('\n')}
`;

/** An OPT record as dns-packet encodes it: 1232 octets, version 0, no flags unless given. */
const opt = (fields: { flags?: number; udpPayloadSize?: number; ednsVersion?: number; options?: { code: number; data: Buffer }[] } = {}) =>
  ({ type: 'OPT', name: '.', udpPayloadSize: 1232, flags: 0, ...fields }) as unknown as dnsPacket.Answer;

/** The questions the cached path takes, in the forms a client sends them. */
const questions = [
  query('www.example.com', 'A', 1),
  query('WwW.ExAmPlE.cOm', 'A', 2),
  query('www.example.com', 'A', 3, { additionals: [opt()] }),
  query('www.example.com', 'A', 4, { flags: dnsPacket.RECURSION_DESIRED | dnsPacket.CHECKING_DISABLED, additionals: [opt({ flags: dnsPacket.DNSSEC_OK })] }),
  query('nx.example.com', 'A', 5, { additionals: [opt()] }),
  query('x1.wild.example.com', 'TXT', 6),
  query('www.example.org', 'A', 7),
  query('big.example.com', 'TXT', 8, { additionals: [opt({ udpPayloadSize: 4096 })] }),
];

describe.runIf(udpBatchAddon)('the addon answering cached questions', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers what the cache holds with the octets JavaScript gives, without calling into it, and counts them as JavaScript does', async () => {
    server = await serveZones({ 'example.com': zone }, { udp: 'batch' });
    const { responder } = server;
    const calls = spyOnJavaScript(responder);
    // Asked three times: a made-up name is cached from its second query (decision 087).
    for (let round = 0; round < 2; round++) for (const packet of questions) expect(await udpExchange(server.port, packet)).not.toBeNull();
    const hitsBefore = responder.metrics.cacheHits;
    const latencyBefore = responder.metrics.latencyBuckets.reduce((sum, count) => sum + count, 0);
    responder.counts.drain();
    const before = calls.count;
    for (const packet of questions) {
      const reply = await udpExchange(server.port, packet);
      expect(reply, dnsPacket.decode(packet).questions![0]!.name).toEqual(javascriptAnswer(server.zones, packet));
    }
    expect(calls.count).toBe(before);
    expect(responder.metrics.cacheHits - hitsBefore).toBe(questions.length);
    expect(responder.metrics.latencyBuckets.reduce((sum, count) => sum + count, 0) - latencyBefore).toBe(questions.length);
    const counted = responder.counts.drain();
    expect(counted.reduce((sum, { count }) => sum + count, 0)).toBe(questions.length);
    expect(counted.find(({ zone, qtype, rcode }) => zone === 'example.com' && qtype === 1 && rcode === 0)?.count).toBe(4);
    expect(counted.find(({ zone, rcode }) => zone === '' && rcode === 5)?.count).toBe(1);
  });

  it('leaves to JavaScript what it does not hold or would not fit: a long answer over plain UDP, NSID, EDNS version 1', async () => {
    server = await serveZones({ 'example.com': zone }, { udp: 'batch' });
    const calls = spyOnJavaScript(server.responder);
    const packets = [
      query('big.example.com', 'TXT', 9),
      query('www.example.com', 'A', 10, { additionals: [opt({ options: [{ code: 3, data: Buffer.alloc(0) }] })] }),
      query('www.example.com', 'A', 11, { additionals: [opt({ ednsVersion: 1 })] }),
    ];
    for (let round = 0; round < 3; round++)
      for (const packet of packets) expect(await udpExchange(server.port, packet)).toEqual(javascriptAnswer(server.zones, packet));
    expect(calls.count).toBe(9);
    const truncated = dnsPacket.decode((await udpExchange(server.port, packets[0]!))!);
    expect(truncated.flags! & dnsPacket.TRUNCATED_RESPONSE).toBeTruthy();
  });

  it('leaves a changed zone’s answers to JavaScript, and those under a zone put once it comes', async () => {
    server = await serveZones({ 'example.com': zone }, { udp: 'batch' });
    const calls = spyOnJavaScript(server.responder);
    const www = query('www.example.com', 'A', 12);
    const address = async () => (dnsPacket.decode((await udpExchange(server!.port, www))!).answers![0] as { data: string }).data;
    expect(await address()).toBe('192.0.2.80');
    expect(await address()).toBe('192.0.2.80');
    expect(calls.count).toBe(1);
    const www80 = wireRecord({ name: 'www.example.com', type: 'A', ttl: 300, content: '192.0.2.80' });
    const www81 = wireRecord({ name: 'www.example.com', type: 'A', ttl: 300, content: '192.0.2.81' });
    const change = nextChange(server.zones.get('example.com')!, [www80], [www81]);
    expect(server.zones.apply('example.com', change)).toBe('applied');
    expect(await address()).toBe('192.0.2.81');
    expect(calls.count).toBe(2);
    expect(await address()).toBe('192.0.2.81');
    expect(calls.count).toBe(2);
    const apex = query('example.com', 'SOA', 14);
    expect(dnsPacket.decode((await udpExchange(server.port, apex))!).answers).toMatchObject([{ type: 'SOA' }]);
    expect(calls.count).toBe(3);
    // A zone put (a new one, or one loaded whole again) forgets the answers under its name, which
    // may have moved to it; the addon still answers the others.
    server.zones.put(loadZoneText('www.example.com', `$TTL 60\n@ SOA ${soa(1)}\n@ NS ns1.example.com.\n@ A 198.51.100.7\n`));
    expect(await address()).toBe('198.51.100.7');
    expect(calls.count).toBe(4);
    expect(dnsPacket.decode((await udpExchange(server.port, apex))!).answers).toMatchObject([{ type: 'SOA' }]);
    expect(calls.count).toBe(4);
  });

  it('answers the first query for a held name from the answers made ahead, without calling into JavaScript', async () => {
    server = await serveZones({ 'example.com': zone }, { udp: 'batch', answersAhead: true });
    await server.responder.answeredAhead();
    const calls = spyOnJavaScript(server.responder);
    const withDo = query('WWW.example.com', 'AAAA', 15, {
      additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 1232, flags: dnsPacket.DNSSEC_OK }] as unknown as dnsPacket.Answer[],
    });
    const reply = (await udpExchange(server.port, withDo))!;
    expect(calls.count).toBe(0);
    expect(reply).toEqual(javascriptAnswer(server.zones, withDo));
    expect(server.responder.counts.drain()).toMatchObject([{ zone: 'example.com', count: 1 }]);
  });

  it('limits cached answers per client network as JavaScript does: the slipped ones truncated, the others dropped', async () => {
    server = await serveZones({ 'example.com': zone }, { udp: 'batch', rateLimit: { rate: 2, window: 2, slip: 2 } });
    const limiter = server.responder.rateLimiter!;
    const calls = spyOnJavaScript(server.responder);
    const www = query('www.example.com', 'A', 13);
    const replies = [];
    // A reply is taken as dropped after a second, far longer than loopback takes.
    for (let i = 0; i < 12; i++) replies.push(await udpExchange(server.port, www, 1000));
    expect(calls.count).toBe(1);
    const truncated = replies.filter((reply) => reply && dnsPacket.decode(reply).flags! & dnsPacket.TRUNCATED_RESPONSE);
    const dropped = replies.filter((reply) => reply === null);
    // Each limited answer is slipped or dropped in turn (slip 2), however the seconds fall.
    expect(truncated.length).toBe(limiter.counts.slipped);
    expect(dropped.length).toBe(limiter.counts.dropped);
    expect(truncated.length).toBeGreaterThan(0);
    expect(Math.abs(truncated.length - dropped.length)).toBeLessThanOrEqual(1);
    expect(dnsPacket.decode(truncated[0]!).questions).toEqual(dnsPacket.decode(www).questions);
  });
});
