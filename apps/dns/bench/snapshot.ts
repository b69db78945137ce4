// `npm run bench:dns-snapshot [-- --records N --runs R]`: what a DNS node's snapshot of one zone
// costs (encoding on the answering thread, writing safely, reading back into a served zone) beside
// reading the same zone from its zone file, and the time Knot DNS and NSD take from start to first
// answer with that zone file, in the same run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeZoneSnapshot, readZoneSnapshot, syncDirectory, writeFileSafely } from '../src/database/snapshotFile';
import { loadZoneFile } from '../src/zoneFile';
import { wholeNumberFlags } from './options';
import { freePort, median, startKnot, startNsd, stop, waitForAnswer } from './servers';

const { records, runs } = wholeNumberFlags({ records: 100_000, runs: 3 });

const zone = 'snapshot.example';
const lines = [`$ORIGIN ${zone}.`, '$TTL 300', '@ IN SOA ns1 hostmaster 2026010101 7200 3600 1209600 300', '@ IN NS ns1', 'ns1 IN A 192.0.2.53'];
for (let i = 0; lines.length < records + 2; i++) lines.push(`host${i} IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
const dir = mkdtempSync(join(tmpdir(), 'kaja-snapshot-bench-'));
const zoneFile = join(dir, `${zone}.zone`);
writeFileSync(zoneFile, `${lines.join('\n')}\n`);

const figures = new Map<string, number[]>();
const record = (name: string, ms: number) => figures.set(name, [...(figures.get(name) ?? []), ms]);
let size = 0;
try {
  for (let run = 0; run < runs; run++) {
    let started = performance.now();
    const served = await loadZoneFile(zone, zoneFile);
    record('Kaja DNS: zone file read into a served zone', performance.now() - started);

    started = performance.now();
    const file = encodeZoneSnapshot({ id: 'bench', zone: served, keys: undefined });
    record('Kaja DNS: snapshot encoded (answering thread)', performance.now() - started);
    size = file.length;
    started = performance.now();
    await writeFileSafely(join(dir, 'bench.zone'), file);
    await syncDirectory(dir);
    record('Kaja DNS: snapshot written (temporary file, fsync, rename, fsync)', performance.now() - started);
    started = performance.now();
    await readZoneSnapshot(join(dir, 'bench.zone'));
    record('Kaja DNS: snapshot read, checked, into a served zone', performance.now() - started);

    for (const [name, start] of [
      ['Knot DNS: start to first answer', startKnot],
      ['NSD: start to first answer', startNsd],
    ] as const) {
      const serverDir = mkdtempSync(join(dir, 'server-'));
      const port = await freePort();
      started = performance.now();
      const server = start(serverDir, port, zone, zoneFile);
      try {
        await waitForAnswer(port, server, zone, 300_000);
        record(name, performance.now() - started);
      } finally {
        await stop(server);
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(`${runs} run(s), a zone of ${records} records (${(size / 1e6).toFixed(1)} MB as a snapshot file)`);
const width = Math.max(...[...figures.keys()].map((name) => name.length));
for (const [name, ms] of figures) console.log(`${name.padEnd(width)}  ${median(ms).toFixed(0).padStart(7)} ms (median)`);
