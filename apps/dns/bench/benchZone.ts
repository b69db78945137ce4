// The benchmark's zone and query mix, generated from a fixed seed so every run measures the same work.
import { seededRandom } from '../src/testing/seededRandom';

export const benchZoneName = 'bench.example';

const NAMES = 10_000;
const QUERIES = 50_000;

const ipv4 = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const ipv6 = (i: number) => `2001:db8::${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}`;

/**
 * An RFC 1035 zone file of about 10,000 names (`names`; about 1.4 records a name): addresses,
 * CNAMEs, MX, TXT and SRV records, a wildcard and a delegation with glue.
 */
export function benchZoneFile(names = NAMES): string {
  const lines = [
    `$ORIGIN ${benchZoneName}.`,
    '$TTL 3600',
    '@ IN SOA ns1 hostmaster 2026010101 7200 3600 1209600 300',
    '@ IN NS ns1',
    '@ IN NS ns2',
    '@ IN A 192.0.2.1',
    '@ IN MX 10 mail-7',
    'ns1 IN A 192.0.2.53',
    'ns2 IN A 192.0.2.54',
    '*.wild IN A 192.0.2.80',
    '*.wild IN TXT "wildcard"',
    'sub IN NS ns1.sub',
    'sub IN NS ns2.sub',
    'ns1.sub IN A 192.0.2.91',
    'ns2.sub IN A 192.0.2.92',
  ];
  for (let i = 0; i < names; i++) {
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
      case 3:
      case 4:
        lines.push(`host-${i} IN A ${ipv4(i)}`);
        if (i % 2 === 0) lines.push(`host-${i} IN AAAA ${ipv6(i)}`);
        break;
      case 5:
        lines.push(`host-${i} IN AAAA ${ipv6(i)}`);
        break;
      case 6:
        lines.push(`host-${i} IN CNAME host-${i - 6}`);
        break;
      case 7:
        lines.push(`host-${i} IN MX 10 host-${i - 7}`, `mail-${i} IN A ${ipv4(i)}`);
        break;
      case 8:
        lines.push(`host-${i} IN TXT "v=spf1 ip4:${ipv4(i)} -all" "record ${i}"`);
        break;
      case 9:
        lines.push(`_sip._tcp.host-${i} IN SRV 10 20 5060 host-${i - 9}`);
        break;
    }
  }
  return lines.join('\n') + '\n';
}

/**
 * A dnsperf query file: 40% answers, 15% each CNAME chains, wildcard answers, NXDOMAIN and
 * NODATA, in a shuffled but fixed order.
 */
export function benchQueries(names = NAMES): string {
  const next = seededRandom(20260101);
  const pick = (step: number, offset: number) => Math.floor(next() * (names / 10)) * 10 + step + offset;
  const lines: string[] = [];
  for (let q = 0; q < QUERIES; q++) {
    const r = next();
    if (r < 0.4) lines.push(`host-${pick(0, Math.floor(next() * 5))}.${benchZoneName} A`);
    else if (r < 0.55) lines.push(`host-${pick(6, 0)}.${benchZoneName} A`);
    else if (r < 0.7) lines.push(`x${q}.wild.${benchZoneName} A`);
    else if (r < 0.85) lines.push(`nx-${q}.${benchZoneName} A`);
    else lines.push(`host-${pick(0, 0)}.${benchZoneName} TXT`);
  }
  return lines.join('\n') + '\n';
}

/** A line of `benchQueries` asking for a name the zone does not hold: a wildcard's expansion or NXDOMAIN. */
export const madeUpQuestion = (line: string): boolean => /^(x\d+\.wild|nx-\d+)\./.test(line);
