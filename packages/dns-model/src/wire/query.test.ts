import * as dnsPacket from 'dns-packet';
import { describe, expect, it } from 'vitest';
import { encodeMessage, emptyMessage } from './message';
import { createQueryView, readQuery, readQueryName, readQueryOctets } from './query';

const query = (extra: Partial<dnsPacket.Packet> = {}) =>
  new Uint8Array(
    dnsPacket.encode({ type: 'query', id: 77, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type: 'A', name: 'WwW.Example.COM' }], ...extra }),
  );

describe('readQuery (the server fast path)', () => {
  it('reads header and question with the name lowercased', () => {
    const view = createQueryView();
    expect(readQuery(query(), view)).toBe(true);
    expect(view).toMatchObject({ id: 77, opcode: 0, qname: 'www.example.com', qtype: 1, qclass: 1, edns: false, qnameStart: 12 });
    expect(view.flags & 0x0100).toBe(0x0100);
    expect(view.questionEnd).toBe(12 + 17 + 4);
  });

  it("reads a packet in place as the first octets of a larger buffer, the name's text only when asked", () => {
    const packet = query();
    const slot = new Uint8Array(4096).fill(0xff);
    slot.set(packet);
    const view = createQueryView();
    expect(readQueryOctets(slot, view, packet.length)).toBe(true);
    expect(view).toMatchObject({ qname: '', qtype: 1, qclass: 1, qnameStart: 12, questionEnd: packet.length });
    readQueryName(slot, view);
    expect(view.qname).toBe('www.example.com');
    // The octets after the packet are not its own: one octet short, the question is cut.
    expect(readQueryOctets(slot, view, packet.length - 1)).toBe(false);
  });

  it('leaves a name of more than 255 octets to the full decoder', () => {
    const asking = (lengths: number[]) =>
      new Uint8Array([0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, ...lengths.flatMap((n) => [n, ...Array<number>(n).fill(0x61)]), 0, 0, 1, 0, 1]);
    expect(readQuery(asking([63, 63, 63, 61]), createQueryView())).toBe(true);
    expect(readQuery(asking([63, 63, 63, 62]), createQueryView())).toBe(false);
  });

  it('reads each name whole, a short one after a long one and the longest a name can be', () => {
    const view = createQueryView();
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
    const names = [longest, 'x.example', 'Host-12.Bench.Example', 'x.example'];
    for (const name of names) {
      expect(readQuery(query({ questions: [{ type: 'A', name }] }), view)).toBe(true);
      expect(view.qname).toBe(name.toLowerCase());
    }
  });

  it('reads the OPT record: payload size, version, DO, NSID and cookie', () => {
    const bytes = encodeMessage(
      emptyMessage({
        id: 9,
        questions: [{ name: 'example.com', type: 48, class: 1 }],
        edns: {
          udpSize: 1232,
          version: 1,
          do: true,
          flags: 0,
          options: [
            { code: 3, data: new Uint8Array() },
            { code: 10, data: Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]) },
          ],
        },
      }),
    );
    const view = createQueryView();
    expect(readQuery(bytes, view)).toBe(true);
    expect(view).toMatchObject({ edns: true, udpSize: 1232, ednsVersion: 1, do: true, nsid: true, cookieLength: 8, qtype: 48 });
    expect([...bytes.subarray(view.cookieOffset, view.cookieOffset + 8)]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('escapes odd octets in the name the way platform names do', () => {
    const bytes = encodeMessage(emptyMessage({ questions: [{ name: 'a\\.b.example', type: 1, class: 1 }] }));
    const view = createQueryView();
    expect(readQuery(bytes, view)).toBe(true);
    expect(view.qname).toBe('a\\.b.example');
  });

  it('leaves anything unusual to the full decoder, with the header still read', () => {
    const view = createQueryView();
    const two = query({
      questions: [
        { type: 'A', name: 'a.example' },
        { type: 'A', name: 'b.example' },
      ],
    });
    expect(readQuery(two, view)).toBe(false);
    expect(view.id).toBe(77);
    expect(readQuery(query().subarray(0, 20), view)).toBe(false);
    expect(readQuery(new Uint8Array(5), view)).toBe(false);
    const compressed = Uint8Array.from([0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0xc0, 12, 0, 1, 0, 1]);
    expect(readQuery(compressed, view)).toBe(false);
    expect(readQuery(Uint8Array.from([...query(), 0]), view)).toBe(false);
  });

  it('never throws on random input', () => {
    const view = createQueryView();
    let seed = 3;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
    const base = query();
    for (let i = 0; i < 20000; i++) {
      const bytes = base.slice(0, random() % (base.length + 1));
      for (let k = random() % 3; k >= 0 && bytes.length; k--) bytes[random() % bytes.length] = random() & 0xff;
      readQuery(bytes, view);
    }
  });
});
