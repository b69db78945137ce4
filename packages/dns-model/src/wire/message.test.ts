import * as dnsPacket from 'dns-packet';
import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors';
import { Rcode } from './constants';
import { decodeMessage, emptyMessage, encodeMessage, type ResourceRecord } from './message';
import { nameToWire } from './name';

const concat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((p) => [...p]));
const a = (name: string, ip: string, ttl = 300): ResourceRecord => ({
  name,
  type: 1,
  class: 1,
  ttl,
  rdata: Uint8Array.from(ip.split('.').map(Number)),
});
const mx = (name: string, pref: number, host: string): ResourceRecord => ({
  name,
  type: 15,
  class: 1,
  ttl: 3600,
  rdata: concat([pref >> 8, pref & 0xff], nameToWire(host)),
});
const ns = (name: string, host: string): ResourceRecord => ({ name, type: 2, class: 1, ttl: 86400, rdata: nameToWire(host) });
const soa: ResourceRecord = {
  name: 'example.com',
  type: 6,
  class: 1,
  ttl: 3600,
  rdata: concat(
    nameToWire('ns1.example.com'),
    nameToWire('hostmaster.example.com'),
    [0, 0, 0, 42, 0, 0, 0x0e, 0x10, 0, 0, 0x07, 0x08, 0, 0x12, 0x75, 0, 0, 0, 0x0e, 0x10],
  ),
};

function response() {
  return emptyMessage({
    id: 0xbeef,
    qr: true,
    aa: true,
    rd: true,
    questions: [{ name: 'example.com', type: 15, class: 1 }],
    answers: [mx('example.com', 10, 'mail.example.com'), mx('example.com', 20, 'mx2.example.net')],
    authorities: [ns('example.com', 'ns1.example.com'), ns('example.com', 'ns2.example.com')],
    additionals: [a('mail.example.com', '192.0.2.25'), a('ns1.example.com', '192.0.2.53')],
    edns: { udpSize: 1232, version: 0, do: true, flags: 0, options: [] },
  });
}

describe('encodeMessage', () => {
  it('writes a response that dns-packet reads back field for field', () => {
    const bytes = encodeMessage(response());
    const decoded = dnsPacket.decode(Buffer.from(bytes));
    expect(decoded.id).toBe(0xbeef);
    expect(decoded.type).toBe('response');
    expect(decoded.flag_aa).toBe(true);
    expect(decoded.flag_rd).toBe(true);
    expect(decoded.questions).toEqual([{ name: 'example.com', type: 'MX', class: 'IN' }]);
    expect(decoded.answers!.map((r) => r.type === 'MX' && r.data)).toEqual([
      { preference: 10, exchange: 'mail.example.com' },
      { preference: 20, exchange: 'mx2.example.net' },
    ]);
    expect(decoded.authorities!.map((r) => r.type === 'NS' && r.data)).toEqual(['ns1.example.com', 'ns2.example.com']);
    const opt = decoded.additionals!.find((r) => r.type === 'OPT') as dnsPacket.OptAnswer;
    expect(opt.udpPayloadSize).toBe(1232);
    expect(opt.flags & dnsPacket.DNSSEC_OK).toBe(dnsPacket.DNSSEC_OK);
    expect(decoded.additionals!.filter((r) => r.type === 'A').map((r) => (r as { data: string }).data)).toEqual(['192.0.2.25', '192.0.2.53']);
  });

  it('compresses names, also inside MX, NS and SOA rdata', () => {
    const message = response();
    message.answers.push(soa);
    const compressed = encodeMessage(message);
    const plain = encodeMessage(message, { compress: false });
    expect(compressed.length).toBeLessThan(plain.length - 80);
    const soaData = (dnsPacket.decode(Buffer.from(compressed)).answers![2] as dnsPacket.Answer & { data: dnsPacket.SoaData }).data;
    expect(soaData).toMatchObject({ mname: 'ns1.example.com', rname: 'hostmaster.example.com', serial: 42, minimum: 3600 });
  });

  it('compresses only names equal but for ASCII letter case (RFC 4343): octets above 127 are not letters', () => {
    // 0xC0 and 0xE0 are À and à in Latin-1, which JavaScript's toLowerCase would fold together.
    const message = emptyMessage({
      qr: true,
      questions: [{ name: '\\192.example', type: 1, class: 1 }],
      answers: [a('\\192.example', '192.0.2.1'), a('\\224.example', '192.0.2.2'), a('WWW.Example', '192.0.2.3'), a('www.example', '192.0.2.4')],
    });
    const bytes = encodeMessage(message);
    // Names equal but for ASCII case share their octets: the later one is read in the earlier one's case.
    expect(decodeMessage(bytes).answers.map((r) => r.name)).toEqual(['\\192.example', '\\224.example', 'WWW.example', 'WWW.example']);
  });

  it('round-trips through decodeMessage with rdata back uncompressed', () => {
    const message = response();
    message.answers.push(soa);
    const decoded = decodeMessage(encodeMessage(message));
    expect(decoded).toEqual(message);
  });

  it('returns messages of their own, however large, though each is written into one reused buffer', () => {
    const large = emptyMessage({ qr: true, answers: Array.from({ length: 400 }, (_, i) => a(`host-${i}.example.com`, `192.0.2.${i % 250}`)) });
    const first = encodeMessage(response());
    const copy = Uint8Array.from(first);
    const big = encodeMessage(large);
    expect(big.length).toBeGreaterThan(4096);
    const small = encodeMessage(emptyMessage({ qr: true, questions: [{ name: 'example.com', type: 1, class: 1 }] }));
    expect(first).toEqual(copy);
    expect(decodeMessage(big).answers).toHaveLength(400);
    expect(decodeMessage(small).questions).toEqual([{ name: 'example.com', type: 1, class: 1 }]);
    expect(decodeMessage(encodeMessage(response()))).toEqual(decodeMessage(copy));
  });

  it('keeps an extended rcode in the OPT record', () => {
    const message = emptyMessage({ qr: true, rcode: Rcode.BADVERS, edns: { udpSize: 1232, version: 0, do: false, flags: 0, options: [] } });
    const bytes = encodeMessage(message);
    expect(bytes[3]! & 0xf).toBe(0);
    expect(decodeMessage(bytes).rcode).toBe(16);
    expect(() => encodeMessage(emptyMessage({ rcode: 16 }))).toThrow(RangeError);
  });

  it('passes EDNS options such as NSID and COOKIE through', () => {
    const cookie = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
    const message = emptyMessage({
      edns: {
        udpSize: 4096,
        version: 0,
        do: false,
        flags: 0,
        options: [
          { code: 3, data: new Uint8Array() },
          { code: 10, data: cookie },
        ],
      },
    });
    const decoded = dnsPacket.decode(Buffer.from(encodeMessage(message)));
    const opt = decoded.additionals![0] as dnsPacket.OptAnswer;
    expect(opt.options.map((o) => o.code)).toEqual([3, 10]);
    expect(decodeMessage(encodeMessage(message)).edns).toEqual(message.edns);
  });

  it('drops whole RRsets that do not fit, sets TC and keeps OPT', () => {
    const answers = [
      ...Array.from({ length: 20 }, (_, i) => a('www.example.com', `192.0.2.${i}`)),
      ...Array.from({ length: 20 }, (_, i) => a('api.example.com', `198.51.100.${i}`)),
    ];
    const message = emptyMessage({
      qr: true,
      questions: [{ name: 'www.example.com', type: 1, class: 1 }],
      answers,
      edns: { udpSize: 1232, version: 0, do: false, flags: 0, options: [] },
    });
    const full = encodeMessage(message);
    expect(full[2]! & 0x02).toBe(0);
    const bytes = encodeMessage(message, { maxSize: full.length - 1 });
    expect(bytes.length).toBeLessThan(full.length);
    const decoded = decodeMessage(bytes);
    expect(decoded.tc).toBe(true);
    expect(decoded.answers).toHaveLength(20);
    expect(decoded.answers.every((r) => r.name === 'www.example.com')).toBe(true);
    expect(decoded.edns?.udpSize).toBe(1232);
    const tiny = decodeMessage(encodeMessage(message, { maxSize: 100 }));
    expect(tiny.tc).toBe(true);
    expect(tiny.answers).toHaveLength(0);
  });

  it('leaves additional RRsets out silently when they do not fit', () => {
    const message = response();
    const full = encodeMessage(message);
    const decoded = decodeMessage(encodeMessage(message, { maxSize: full.length - 10 }));
    expect(decoded.tc).toBe(false);
    expect(decoded.answers).toHaveLength(2);
    expect(decoded.additionals).toHaveLength(1);
  });
  it('keeps an additional RRset and its RRSIGs together: both or neither', () => {
    const rrsig = (name: string, covered: number): ResourceRecord => ({
      name,
      type: 46,
      class: 1,
      ttl: 300,
      rdata: Uint8Array.from([0, covered, ...new Array<number>(80).fill(1)]),
    });
    const message = emptyMessage({
      qr: true,
      questions: [{ name: 'example.com', type: 15, class: 1 }],
      additionals: [a('mail.example.com', '192.0.2.25'), rrsig('mail.example.com', 1)],
    });
    const full = encodeMessage(message);
    expect(decodeMessage(full).additionals).toHaveLength(2);
    const decoded = decodeMessage(encodeMessage(message, { maxSize: full.length - 10 }));
    expect(decoded.tc).toBe(false);
    expect(decoded.additionals).toEqual([]);
  });
});

describe('decodeMessage', () => {
  it('reads what dns-packet writes, flags and all', () => {
    const bytes = dnsPacket.encode({
      type: 'query',
      id: 4242,
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.CHECKING_DISABLED | dnsPacket.AUTHENTIC_DATA,
      questions: [{ type: 'AAAA', name: 'Www.Example.com' }],
      // dns-packet's types know few option codes; NSID (3) encodes as a plain option.
      additionals: [
        {
          type: 'OPT',
          name: '.',
          udpPayloadSize: 1400,
          flags: dnsPacket.DNSSEC_OK,
          options: [{ code: 3, data: Buffer.alloc(0) }],
        } as unknown as dnsPacket.Answer,
      ],
    });
    const m = decodeMessage(bytes);
    expect(m).toMatchObject({ id: 4242, qr: false, opcode: 0, rd: true, cd: true, ad: true, aa: false });
    expect(m.questions).toEqual([{ name: 'Www.Example.com', type: 28, class: 1 }]);
    expect(m.edns).toMatchObject({ udpSize: 1400, version: 0, do: true, options: [{ code: 3 }] });
    expect(m.additionals).toEqual([]);
  });

  it('reads every opcode and rcode bit', () => {
    for (const opcode of [0, 1, 2, 4, 5, 6, 15]) {
      for (const rcode of [0, 1, 2, 3, 4, 5, 9, 15]) {
        const bytes = encodeMessage(emptyMessage({ opcode, rcode, qr: true, z: true }));
        expect(decodeMessage(bytes)).toMatchObject({ opcode, rcode, z: true });
      }
    }
  });

  it('marks where a TSIG record starts', () => {
    const message = emptyMessage({ additionals: [{ name: 'key.example', type: 250, class: 255, ttl: 0, rdata: Uint8Array.from([0]) }] });
    const bytes = encodeMessage(message);
    expect(decodeMessage(bytes).tsigOffset).toBe(12);
  });

  const valid = encodeMessage(response());
  const bad: [string, Uint8Array][] = [
    ['a short header', valid.subarray(0, 11)],
    ['a pointer loop', concat([0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], [0xc0, 12], [0, 1, 0, 1])],
    ['a forward pointer', concat([0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], [0xc0, 20], [0, 1, 0, 1], [0, 0, 0, 0])],
    ['an extended label type', concat([0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], [0x41, 0], [0, 1, 0, 1])],
    ['trailing octets', concat(valid, [0])],
    [
      'two OPT records',
      encodeMessage(
        emptyMessage({
          additionals: [{ name: '', type: 41, class: 512, ttl: 0, rdata: new Uint8Array() }],
          edns: { udpSize: 512, version: 0, do: false, flags: 0, options: [] },
        }),
      ),
    ],
    ['an OPT not at the root', encodeMessage(emptyMessage({ additionals: [{ name: 'x', type: 41, class: 512, ttl: 0, rdata: new Uint8Array() }] }))],
    ['an MX rdata shorter than its name', concat([0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0], [0, 0, 15, 0, 1, 0, 0, 0, 0, 0, 3, 0, 10, 1])],
  ];
  for (const [what, bytes] of bad) {
    it(`answers ${what} with FormatError`, () => {
      expect(() => decodeMessage(bytes)).toThrow(FormatError);
    });
  }

  it('throws only FormatError on every prefix and on random mutations', () => {
    const check = (bytes: Uint8Array) => {
      try {
        decodeMessage(bytes);
      } catch (error) {
        if (!(error instanceof FormatError)) throw error;
      }
    };
    for (let n = 0; n < valid.length; n++) expect(() => decodeMessage(valid.subarray(0, n))).toThrow(FormatError);
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
    for (let i = 0; i < 20000; i++) {
      const bytes = valid.slice();
      for (let k = random() % 4; k >= 0; k--) bytes[random() % bytes.length] = random() & 0xff;
      check(bytes);
      check(bytes.subarray(0, random() % bytes.length));
    }
  });
});

describe('UPDATE messages (RFC 2136)', () => {
  it('keep the empty rdata that deletes a set, whatever its type', () => {
    const update = emptyMessage({
      id: 5,
      opcode: 5,
      questions: [{ name: 'example.com', type: 6, class: 1 }],
      authorities: [
        { name: 'www.example.com', type: 15, class: 255, ttl: 0, rdata: new Uint8Array() },
        { name: 'www.example.com', type: 255, class: 255, ttl: 0, rdata: new Uint8Array() },
        mx('example.com', 10, 'mail.example.com'),
      ],
    });
    const decoded = decodeMessage(encodeMessage(update));
    expect(decoded).toEqual(update);
  });
});
