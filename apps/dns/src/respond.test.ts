import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { query, udpExchange } from './testing/packets';
import { serveZones, type TestServer } from './testing/server';
import { udpBatchAddon } from './udpBatch';
import { loadZoneText } from './zoneFile';

const zone = '$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\n';

let server: TestServer;
beforeAll(async () => {
  server = await serveZones({ 'example.com': zone });
});
afterAll(() => server.close());

const header = (id: number, flags: number, qd: number, an = 0, ns = 0, ar = 0) => {
  const b = Buffer.alloc(12);
  b.writeUInt16BE(id, 0);
  b.writeUInt16BE(flags, 2);
  b.writeUInt16BE(qd, 4);
  b.writeUInt16BE(an, 6);
  b.writeUInt16BE(ns, 8);
  b.writeUInt16BE(ar, 10);
  return b;
};
const rcodeOf = (reply: Buffer) => reply[3]! & 0x0f;

describe('malformed and unusual queries', () => {
  it('drops a packet too short to hold a header', async () => {
    expect(await udpExchange(server.port, Buffer.from([1, 2, 3, 4, 5]), 300)).toBeNull();
  });

  it('answers FORMERR, with the ID echoed, when the question cannot be read', async () => {
    const packet = Buffer.concat([header(0xbeef, 0x0100, 1), Buffer.from([3, 0x77, 0x77])]);
    const reply = (await udpExchange(server.port, packet))!;
    expect(reply.readUInt16BE(0)).toBe(0xbeef);
    expect(reply[2]! & 0x80).toBe(0x80);
    expect(rcodeOf(reply)).toBe(1);
  });

  it('answers FORMERR to a query without a question and to one with two', async () => {
    expect(rcodeOf((await udpExchange(server.port, header(1, 0, 0)))!)).toBe(1);
    const two = dnsPacket.encode({
      id: 2,
      type: 'query',
      questions: [
        { name: 'www.example.com', type: 'A' },
        { name: 'example.com', type: 'A' },
      ],
    });
    expect(rcodeOf((await udpExchange(server.port, two))!)).toBe(1);
    // Those errors are not remembered as answers to some question.
    expect((await dig(server.port, '.', 'TYPE0')).rcode).toBe('REFUSED');
  });

  it('answers FORMERR to trailing garbage after the question', async () => {
    const packet = Buffer.concat([query('www.example.com', 'A'), Buffer.from([1, 2, 3])]);
    expect(rcodeOf((await udpExchange(server.port, packet))!)).toBe(1);
  });

  it('never answers a response (no loops between servers)', async () => {
    const response = dnsPacket.encode({ id: 3, type: 'response', questions: [{ name: 'www.example.com', type: 'A' }] });
    expect(await udpExchange(server.port, response, 300)).toBeNull();
  });

  it('answers NOTIMP to opcodes other than QUERY', async () => {
    for (const opcode of ['1', '2', '6']) {
      const response = await dig(server.port, 'www.example.com', 'A', { args: [`+opcode=${opcode}`] });
      expect(response.rcode).toBe('NOTIMP');
    }
  });

  it('keeps refusing a name we do not host until a zone for it arrives', async () => {
    for (let i = 0; i < 2; i++) expect((await dig(server.port, 'www.example.net', 'A')).rcode).toBe('REFUSED');
    server.zones.put(loadZoneText('example.net', zone));
    expect((await dig(server.port, 'www.example.net', 'A')).answer).toEqual(['www.example.net. 300 IN A 192.0.2.80']);
    server.zones.remove('example.net');
    expect((await dig(server.port, 'www.example.net', 'A')).rcode).toBe('REFUSED');
  });

  it('does not answer an IN query with a CHAOS answer for the same name', async () => {
    expect((await dig(server.port, 'id.server', 'TXT', { args: ['-c', 'CH'] })).rcode).toBe('NOERROR');
    expect((await dig(server.port, 'id.server', 'TXT')).rcode).toBe('REFUSED');
  });

  it("answers a question from the cache in any letter case, with each query's ID, case and CD bit, and keeps types and DO apart", async () => {
    const plain = dnsPacket.decode((await udpExchange(server.port, query('www.example.com', 'A', 1)))!);
    expect(plain.answers).toMatchObject([{ name: 'www.example.com', type: 'A', data: '192.0.2.80' }]);
    const asked = query('wWw.ExAmPlE.cOm', 'A', 2, { flags: dnsPacket.RECURSION_DESIRED | dnsPacket.CHECKING_DISABLED });
    const again = dnsPacket.decode((await udpExchange(server.port, asked))!);
    expect(again.id).toBe(2);
    expect(again.flags! & dnsPacket.CHECKING_DISABLED).toBe(dnsPacket.CHECKING_DISABLED);
    expect(again.questions).toMatchObject([{ name: 'wWw.ExAmPlE.cOm', type: 'A' }]);
    expect(again.answers).toMatchObject([{ name: 'wWw.ExAmPlE.cOm', type: 'A', data: '192.0.2.80' }]);
    expect(plain.flags! & dnsPacket.CHECKING_DISABLED).toBe(0);
    const aaaa = dnsPacket.decode((await udpExchange(server.port, query('WWW.example.com', 'AAAA', 3)))!);
    expect(aaaa.answers).toEqual([]);
    expect(aaaa.authorities).toMatchObject([{ type: 'SOA' }]);
    const withDo = dnsPacket.decode(
      (await udpExchange(
        server.port,
        query('www.example.com', 'A', 4, {
          additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 1232, flags: dnsPacket.DNSSEC_OK }] as unknown as dnsPacket.Answer[],
        }),
      ))!,
    );
    expect(withDo.additionals).toMatchObject([{ type: 'OPT', flags: dnsPacket.DNSSEC_OK }]);
    const withoutEdns = dnsPacket.decode((await udpExchange(server.port, query('www.example.com', 'A', 5)))!);
    expect(withoutEdns.additionals).toEqual([]);
  });

  it('keeps the answer for a name the zone holds from its first query, for a name the client made up from its second (the addon: one like it, decision 095)', async () => {
    server.zones.put(loadZoneText('example.org', `${zone}* A 192.0.2.99\n`));
    onTestFinished(() => server.zones.remove('example.org'));
    const ask = async (name: string) => {
      const hits = server.responder.metrics.cacheHits;
      const reply = (await udpExchange(server.port, query(name, 'A', 9)))!;
      return { rcode: rcodeOf(reply), answers: dnsPacket.decode(reply).answers, cached: server.responder.metrics.cacheHits > hits };
    };
    expect((await ask('www.example.org')).cached).toBe(false);
    expect(await ask('www.example.org')).toMatchObject({ cached: true, answers: [{ data: '192.0.2.80' }] });
    // NXDOMAIN, a wildcard's answer, REFUSED (a zone not hosted here). Where the addon answers, the
    // first made-up name under a zone is kept as the template of every name like it.
    const fromTemplate = udpBatchAddon ? [false, true, true] : [false, false, true];
    for (const [name, rcode, cached] of [
      ['nx.example.com', 3, fromTemplate],
      ['made-up.example.org', 0, fromTemplate],
      ['www.example.net', 5, [false, false, true]],
    ] as const) {
      const asked = [await ask(name), await ask(name), await ask(name)];
      expect(asked.map((a) => a.cached)).toEqual(cached);
      expect(asked.map((a) => a.rcode)).toEqual([rcode, rcode, rcode]);
      expect(asked[2]!.answers).toEqual(asked[0]!.answers);
    }
  });

  it('refuses zone transfers for now and classes other than IN and CH', async () => {
    const axfr = await udpExchange(server.port, query('example.com', 'AXFR'));
    expect(rcodeOf(axfr!)).toBe(5);
    const hs = await dig(server.port, 'www.example.com', 'A', { args: ['-c', 'HS'] });
    expect(hs.rcode).toBe('REFUSED');
  });

  it('answers a query that carries an answer section, reading it strictly', async () => {
    const packet = dnsPacket.encode({
      id: 11,
      type: 'query',
      questions: [{ name: 'www.example.com', type: 'A' }],
      answers: [{ name: 'www.example.com', type: 'A', ttl: 1, data: '10.0.0.1' }],
    });
    const reply = dnsPacket.decode((await udpExchange(server.port, packet))!);
    expect(reply.id).toBe(11);
    expect((reply.answers![0] as { data: string }).data).toBe('192.0.2.80');
  });
});

describe('query counting', () => {
  it('counts queries per zone, type and response code', async () => {
    server.responder.counts.drain();
    for (let i = 0; i < 3; i++) await dig(server.port, 'www.example.com', 'A');
    await dig(server.port, 'nx.example.com', 'A');
    await dig(server.port, 'www.example.com', 'AAAA', { tcp: true });
    await dig(server.port, 'example.org', 'A');
    const counts = server.responder.counts.drain();
    expect(counts).toEqual(
      expect.arrayContaining([
        { zone: 'example.com', qtype: 1, rcode: 0, count: 3 },
        { zone: 'example.com', qtype: 1, rcode: 3, count: 1 },
        { zone: 'example.com', qtype: 28, rcode: 0, count: 1 },
        { zone: '', qtype: 1, rcode: 5, count: 1 },
      ]),
    );
    expect(counts.reduce((n, c) => n + c.count, 0)).toBe(6);
    expect(server.responder.counts.drain()).toEqual([]);
  });
});
