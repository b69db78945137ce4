/*
 * Time to sign a generated 100,000-record zone from cold, ours beside BIND's dnssec-signzone and
 * Knot DNS's kzonesign in the same run, with the same zone file and the same keys (written as BIND
 * key files, imported into Knot's key store), per algorithm and NSEC/NSEC3. Each is timed over the
 * same steps: read the zone file, build the NSEC/NSEC3 chain, sign every authoritative RRset, write
 * the signed zone file. All sign on THREADS threads (all cores by default; dnssec-signzone -n,
 * Knot's signing-threads). ALGORITHMS=13,15,8 picks the algorithms; each is signed RUNS times (3),
 * the three signers taking turns, and the medians are printed.
 * `npm run bench:dnssec:sign [-- --help]` runs this file built as the servers are (`scripts/bench.mjs
 * --bundled`): our signer and its threads as they ship, not compiled from the sources on each run.
 * The validity of both outputs is tested in src/bindKeyFiles.test.ts.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseZoneFile } from '@kaja/dns-model';
import { algorithmSuite, generateCryptokey, SignatureCache, signZoneInParallel, writeSignedZone, type SignedRecord } from '@kaja/dnssec';
import { bindSignZone, writeBindKeys } from '../src/testing/bindSigner';
import { knotSignZone, prepareKnotSigning } from '../src/testing/knotSigner';
import { generatedZoneFile } from '../src/testZone';

const ZONE = 'bench.example';
const usage = `Usage: npm run bench:dnssec:sign -- [--records N] [--threads N] [--algorithms 13,15,8] [--runs N]

Signs a generated zone from cold with this signer, BIND's dnssec-signzone and Knot DNS's
kzonesign, taking turns, and prints the medians per algorithm, NSEC and NSEC3. Each option also reads its variable
(RECORDS, THREADS, ALGORITHMS, RUNS).

  --records N          records in the zone (default 100000)
  --threads N          signing threads of both signers (default: every core)
  --algorithms LIST    DNSSEC algorithm numbers (default 13,15,8)
  --runs N             runs of each signer per case; the median is printed (default 3)
  --help               show this text`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      records: { type: 'string', default: process.env.RECORDS ?? '100000' },
      threads: { type: 'string', default: process.env.THREADS ?? String(availableParallelism()) },
      algorithms: { type: 'string', default: process.env.ALGORITHMS ?? '13,15,8' },
      runs: { type: 'string', default: process.env.RUNS ?? '3' },
      help: { type: 'boolean' },
    },
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const TARGET = Number(values.records);
const THREADS = Number(values.threads);
const ALGORITHMS = values.algorithms.split(',').map(Number);
const RUNS = Number(values.runs);
for (const [flag, value] of Object.entries({ records: TARGET, threads: THREADS, runs: RUNS })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${flag} must be a positive whole number\n\n${usage}`);
    process.exit(2);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Writes the signed zone's text as it is made, a chunk at a time (no copy of the whole in one buffer). */
function writeChunks(path: string, chunks: Iterable<Uint8Array>): void {
  const fd = openSync(path, 'w');
  try {
    for (const chunk of chunks) for (let written = 0; written < chunk.length;) written += writeSync(fd, chunk, written);
  } finally {
    closeSync(fd);
  }
}

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

const dir = mkdtempSync(join(tmpdir(), 'kaja-bench-sign-'));
const rows: string[][] = [];
try {
  const input = join(dir, 'zone');
  writeFileSync(input, generatedZoneFile(ZONE, TARGET));
  for (const algorithm of ALGORITHMS) {
    const name = algorithmSuite(algorithm).mnemonic;
    for (const nsec3 of [false, true]) {
      const keys = [generateCryptokey({ keytype: 'ksk', algorithm }), generateCryptokey({ keytype: 'zsk', algorithm })];
      const keyDir = mkdtempSync(join(dir, 'keys-'));
      await writeBindKeys(ZONE, keys, keyDir);
      const knotSigning = await prepareKnotSigning({ zone: ZONE, input, dir: mkdtempSync(join(dir, 'knot-')), keyDir, nsec3, threads: THREADS });
      const ours: { parse: number; sign: number; write: number; total: number }[] = [];
      const bind: number[] = [];
      const knot: number[] = [];
      let signed: SignedRecord[] = [];
      let records = 0;
      // Turns taken, so that a change in the machine's load falls on both alike; medians are shown.
      for (let run = 0; run < RUNS; run++) {
        const start = process.hrtime.bigint();
        const parsed = parseZoneFile(readFileSync(input, 'utf8'), { origin: ZONE, wire: true });
        if (parsed.errors.length) throw new Error(`zone file: ${parsed.errors[0]!.message} (line ${parsed.errors[0]!.line})`);
        const parse = seconds(start);
        const signStart = process.hrtime.bigint();
        signed = await signZoneInParallel({ zone: ZONE, records: parsed.records, keys, nsec3, threads: THREADS });
        const sign = seconds(signStart);
        const writeStart = process.hrtime.bigint();
        writeChunks(join(dir, 'kaja.signed'), writeSignedZone(ZONE, signed));
        ours.push({ parse, sign, write: seconds(writeStart), total: seconds(start) });
        records = parsed.records.length;

        const bindStart = process.hrtime.bigint();
        await bindSignZone({ zone: ZONE, input, output: join(dir, 'bind.signed'), dir: keyDir, nsec3, threads: THREADS });
        bind.push(seconds(bindStart));

        const knotStart = process.hrtime.bigint();
        await knotSignZone(knotSigning);
        knot.push(seconds(knotStart));
      }
      const knotSigned = readFileSync(knotSigning.output, 'utf8');
      const knotSignatures = knotSigned.split('\n').filter((line) => line.split(/\s+/)[2] === 'RRSIG').length;
      const total = median(ours.map((o) => o.total));
      const reference = median(bind);
      const knotTime = median(knot);
      const signatures = signed.filter((r) => r.type === 46).length;
      rows.push([
        name,
        nsec3 ? 'NSEC3' : 'NSEC',
        String(records),
        String(signed.length),
        String(signatures),
        median(ours.map((o) => o.parse)).toFixed(2),
        median(ours.map((o) => o.sign)).toFixed(2),
        median(ours.map((o) => o.write)).toFixed(2),
        total.toFixed(2),
        reference.toFixed(2),
        `${(total / reference).toFixed(2)}x`,
        String(knotSignatures),
        knotTime.toFixed(2),
        `${(total / knotTime).toFixed(2)}x`,
      ]);
      console.error(
        `${name} ${nsec3 ? 'NSEC3' : 'NSEC'}: Kaja ${ours.map((o) => o.total.toFixed(1)).join(', ')} s; dnssec-signzone ${bind.map((b) => b.toFixed(1)).join(', ')} s; kzonesign ${knot.map((k) => k.toFixed(1)).join(', ')} s`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const header = [
  'algorithm',
  'denial',
  'records in',
  'records out',
  'RRSIGs',
  'parse s',
  'sign s',
  'write s',
  'Kaja s',
  'dnssec-signzone s',
  'Kaja / BIND',
  'Knot RRSIGs',
  'kzonesign s',
  'Kaja / Knot',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(
  `Signing a generated ${TARGET.toLocaleString('en-US')}-record zone from cold, file to file, same keys, median of ${RUNS}: Kaja (${THREADS} signing threads, ` +
    `node ${process.version}), BIND dnssec-signzone -n ${THREADS} and Knot DNS kzonesign with ${THREADS} signing threads, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
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
