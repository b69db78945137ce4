/*
 * Time to sign a generated 100,000-record zone from cold: read the zone file, make the keys,
 * build the NSEC/NSEC3 chain, sign every authoritative RRset, write the signed zone file.
 * The signatures are made on every core (THREADS to change it); `npm run bench:dnssec:sign`.
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseZoneFile } from '@kaja/dns-model';
import { generateCryptokey, SignatureCache, signZoneInParallel, writeSignedZone } from '@kaja/dnssec';

const ZONE = 'bench.example';
const TARGET = Number(process.env.RECORDS ?? 100_000);
const THREADS = Number(process.env.THREADS ?? availableParallelism());

function generateZone(target: number): string {
  const lines = [
    `$ORIGIN ${ZONE}.`,
    '$TTL 3600',
    `@ SOA ns1.${ZONE}. hostmaster.${ZONE}. 2026112201 7200 3600 1209600 300`,
    `@ NS ns1.${ZONE}.`,
    `@ NS ns2.example.net.`,
    `@ MX 10 mail.${ZONE}.`,
    '@ TXT "v=spf1 mx -all"',
    'ns1 A 192.0.2.53',
    '*.wild TXT "wildcard"',
  ];
  for (let i = 0; lines.length - 2 < target; i++) {
    const v4 = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    lines.push(`host-${i} A ${v4}`);
    if (i % 4 === 0) lines.push(`host-${i} AAAA 2001:db8::${(i & 0xffff).toString(16)}`);
    if (i % 10 === 0) lines.push(`host-${i} TXT "record ${i}"`);
    if (i % 20 === 0) lines.push(`host-${i} MX 10 mail.${ZONE}.`);
    if (i % 25 === 0) lines.push(`alias-${i} CNAME host-${i}.${ZONE}.`);
    if (i % 50 === 0) lines.push(`_sip._tcp.svc-${i} SRV 10 60 5060 host-${i}.${ZONE}.`);
    if (i % 500 === 0) {
      lines.push(`sub-${i} NS ns.sub-${i}.${ZONE}.`, `ns.sub-${i} A ${v4}`);
      if (i % 1000 === 0) lines.push(`sub-${i} DS ${i % 65536} 13 2 ${'ab'.repeat(32)}`);
    }
  }
  return lines.join('\n') + '\n';
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const text = generateZone(TARGET);
const rows: string[][] = [];
for (const [algorithm, name] of [
  [13, 'ECDSAP256SHA256'],
  [15, 'ED25519'],
  [8, 'RSASHA256'],
] as const) {
  for (const nsec3 of [false, true]) {
    const start = process.hrtime.bigint();
    const parsed = parseZoneFile(text, { origin: ZONE });
    if (parsed.errors.length) throw new Error(`zone file: ${parsed.errors[0]!.message} (line ${parsed.errors[0]!.line})`);
    const parseTime = seconds(start);
    const keys = [generateCryptokey({ keytype: 'ksk', algorithm }), generateCryptokey({ keytype: 'zsk', algorithm })];
    const signStart = process.hrtime.bigint();
    const signed = await signZoneInParallel({ zone: ZONE, records: parsed.records, keys, nsec3, threads: THREADS });
    const signTime = seconds(signStart);
    const writeStart = process.hrtime.bigint();
    const output = writeSignedZone(ZONE, signed);
    const writeTime = seconds(writeStart);
    const total = seconds(start);
    const signatures = signed.filter((r) => r.type === 46).length;
    rows.push([
      name,
      nsec3 ? 'NSEC3' : 'NSEC',
      String(parsed.records.length),
      String(signed.length),
      String(signatures),
      parseTime.toFixed(2),
      signTime.toFixed(2),
      writeTime.toFixed(2),
      total.toFixed(2),
      Math.round(signatures / signTime).toLocaleString('en-US'),
    ]);
    console.error(`${name} ${nsec3 ? 'NSEC3' : 'NSEC'}: ${total.toFixed(1)} s, ${(output.length / 1e6).toFixed(1)} MB written`);
  }
}

const header = ['algorithm', 'denial', 'records in', 'records out', 'RRSIGs', 'parse s', 'sign s', 'write s', 'total s', 'signatures/s'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(
  `Signing a generated ${TARGET.toLocaleString('en-US')}-record zone from cold (${THREADS} signing threads, node ${process.version}, ` +
    `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`,
);
console.log(line(header));
for (const row of rows) console.log(line(row));

// The answer path: what a cached signature costs when the server asks `signatures.for(rrset)`.
const cacheKeys = [generateCryptokey({ keytype: 'ksk' }), generateCryptokey({ keytype: 'zsk' })];
const cache = new SignatureCache(ZONE, cacheKeys);
const rrsets = Array.from({ length: 10_000 }, (_, i) => ({
  name: `host-${i}.${ZONE}`,
  type: 1,
  ttl: 3600,
  rdata: [Uint8Array.of(10, (i >> 16) & 255, (i >> 8) & 255, i & 255)],
}));
const warmStart = process.hrtime.bigint();
for (const rrset of rrsets) cache.for(rrset);
const warm = seconds(warmStart);
const lookups = 1_000_000;
const hitStart = process.hrtime.bigint();
for (let i = 0; i < lookups; i++) cache.for(rrsets[i % rrsets.length]!);
const hits = seconds(hitStart);
console.log(
  `Signature cache (ECDSAP256SHA256): ${rrsets.length.toLocaleString('en-US')} RRsets signed in ${warm.toFixed(2)} s, ` +
    `then ${Math.round(lookups / hits).toLocaleString('en-US')} cached lookups/s (${((hits / lookups) * 1e6).toFixed(2)} µs each)`,
);
