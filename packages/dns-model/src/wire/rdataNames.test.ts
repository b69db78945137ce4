import * as dnsPacket from 'dns-packet';
import { describe, expect, it } from 'vitest';
import { RRType } from '../types/typeCodes';
import { emptyMessage, encodeMessage } from './message';
import { nameToWire } from './name';
import { compressionPointers } from './rdataNames';

/** The octets of the whole name a pointer at `at` stands for, followed to its end. */
function pointedLength(bytes: Uint8Array, at: number): number {
  let pos = ((bytes[at]! & 0x3f) << 8) | bytes[at + 1]!;
  let length = 0;
  for (;;) {
    const len = bytes[pos]!;
    if ((len & 0xc0) === 0xc0) {
      pos = ((len & 0x3f) << 8) | bytes[pos + 1]!;
      continue;
    }
    length += len + 1;
    if (len === 0) return length;
    pos += len + 1;
  }
}

const u16 = (n: number) => [n >> 8, n & 255];
const mx = (preference: number, exchange: string) => Uint8Array.from([...u16(preference), ...nameToWire(exchange)]);
const srv = (target: string) => Uint8Array.from([0, 10, 0, 20, ...u16(5060), ...nameToWire(target)]);
const soa = Uint8Array.from([...nameToWire('ns1.example.com'), ...nameToWire('hostmaster.example.com'), ...new Array(20).fill(1)]);

const message = emptyMessage({
  qr: true,
  questions: [{ name: 'www.example.com', type: RRType.MX, class: 1 }],
  answers: [
    { name: 'www.example.com', type: RRType.MX, class: 1, ttl: 60, rdata: mx(10, 'mail.example.com') },
    { name: 'www.example.com', type: RRType.MX, class: 1, ttl: 60, rdata: mx(20, 'mx.example.net') },
  ],
  authorities: [{ name: 'example.com', type: RRType.SOA, class: 1, ttl: 60, rdata: soa }],
  additionals: [{ name: '_sip._udp.example.com', type: RRType.SRV, class: 1, ttl: 60, rdata: srv('www.example.com') }],
  edns: { udpSize: 1232, version: 0, do: true, flags: 0, options: [] },
});

describe('compressionPointers', () => {
  it('finds every pointer the encoder wrote: owner names, and names in the rdata it compresses', () => {
    const compressed = encodeMessage(message);
    const plain = encodeMessage(message, { compress: false });
    const pointers = compressionPointers(compressed);
    // Each pointer stands for a whole name's suffix: together they are all the octets compression saved.
    const saved = pointers.reduce((sum, p) => sum + pointedLength(compressed, p.at) - 2, 0);
    expect(saved).toBe(plain.length - compressed.length);
    // Two MX owners, the SOA owner, the SRV owner; in rdata the first exchange (not mx.example.net,
    // whose suffix comes first there) and the SOA's two names, and not the SRV target (RFC 3597).
    expect(pointers.filter((p) => p.owner)).toHaveLength(4);
    expect(pointers.filter((p) => !p.owner)).toHaveLength(3);
    expect(compressionPointers(plain)).toEqual([]);
  });

  it('names octets another reader takes for pointers: each one broken breaks the message', () => {
    const compressed = encodeMessage(message);
    expect(() => dnsPacket.decode(Buffer.from(compressed))).not.toThrow();
    for (const { at } of compressionPointers(compressed)) {
      const broken = Buffer.from(compressed);
      // Forward of itself: no reader follows a pointer there.
      broken[at] = 0xc0 | ((compressed.length >> 8) & 0x3f);
      broken[at + 1] = compressed.length & 0xff;
      expect(() => dnsPacket.decode(broken), `pointer at ${at}`).toThrow();
    }
  });

  it('throws on a message cut inside a name', () => {
    const compressed = encodeMessage(message);
    expect(() => compressionPointers(compressed.subarray(0, 20))).toThrow();
  });
});
