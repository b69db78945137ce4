import { RRType, Rcode } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { latencyBounds, ServerCounters } from './serverCounters';

describe('ServerCounters', () => {
  it('keeps one count per counted type, rcode and transport, types without a mnemonic together', () => {
    const counters = new ServerCounters();
    counters.answered(RRType.A, Rcode.NOERROR, false);
    counters.answered(RRType.A, Rcode.NOERROR, false);
    counters.answered(RRType.A, Rcode.NOERROR, true);
    counters.answered(RRType.AAAA, Rcode.NXDOMAIN, false);
    counters.answered(65000, Rcode.NOERROR, false);
    counters.answered(65001, Rcode.NOERROR, false);
    counters.answered(0, Rcode.BADVERS, true);
    expect(counters.queries()).toEqual(
      expect.arrayContaining([
        { qtype: RRType.A, rcode: Rcode.NOERROR, transport: 'udp', count: 2 },
        { qtype: RRType.A, rcode: Rcode.NOERROR, transport: 'tcp', count: 1 },
        { qtype: RRType.AAAA, rcode: Rcode.NXDOMAIN, transport: 'udp', count: 1 },
        { qtype: 0, rcode: Rcode.NOERROR, transport: 'udp', count: 2 },
        { qtype: 0, rcode: Rcode.BADVERS, transport: 'tcp', count: 1 },
      ]),
    );
    expect(counters.queries()).toHaveLength(5);
  });

  it('puts each answer time in the first bucket whose bound it does not exceed, batches as many answers', () => {
    const counters = new ServerCounters();
    counters.took(0.005); // 5 µs
    counters.took(0.01); // exactly the first bound
    counters.took(0.3, 64); // a batch of 64 answers taking 300 µs
    counters.took(2000); // 2 s: beyond the last bound
    expect(counters.latencyBuckets[0]).toBe(2);
    expect(counters.latencyBuckets[latencyBounds.indexOf(0.0005)]).toBe(64);
    expect(counters.latencyBuckets[latencyBounds.length]).toBe(1);
    expect([...counters.latencyBuckets].reduce((a, b) => a + b, 0)).toBe(67);
    expect(counters.latencySeconds).toBeCloseTo(0.000005 + 0.00001 + 0.0003 * 64 + 2, 9);
  });
});
