import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeZoneSnapshot, readZoneSnapshot, syncDirectory, writeFileSafely } from './src/database/snapshotFile';
import { loadZoneText } from './src/zoneFile';
import { Zone } from './src/zone';
for (const count of [100_000, 1_000_000]) {
  const lines = ['$ORIGIN example.com.', '@ 300 IN SOA ns1.example.net. hostmaster.example.net. 1 3600 600 604800 300', '@ 300 IN NS ns1.example.net.'];
  for (let i = 0; i < count; i++) lines.push(`host${i} 300 IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
  const zone = loadZoneText('example.com', lines.join('\n'));
  const dir = mkdtempSync(join(tmpdir(), 'kaja-measure-'));
  let t = performance.now();
  const file = encodeZoneSnapshot({ id: 'x', zone, keys: undefined });
  const encodeMs = performance.now() - t;
  t = performance.now();
  await writeFileSafely(join(dir, 'x.zone'), file);
  await syncDirectory(dir);
  const writeMs = performance.now() - t;
  t = performance.now();
  const read = await readZoneSnapshot(join(dir, 'x.zone'));
  const readMs = performance.now() - t;
  const recs = [...read.zone.nodes.values()].flatMap((n) => [...n.rrsets.values()].flatMap((r) => r.rdata.map((rdata) => ({ name: r.name, type: r.type, class: 1, ttl: r.ttl, rdata }))));
  t = performance.now();
  new Zone('example.com', recs);
  const zoneMs = performance.now() - t;
  console.log(`${count} records: ${(file.length / 1e6).toFixed(1)} MB, encode ${encodeMs.toFixed(0)} ms, write+fsync ${writeMs.toFixed(0)} ms, read+check+build ${readMs.toFixed(0)} ms (of which new Zone about ${zoneMs.toFixed(0)} ms)`);
  rmSync(dir, { recursive: true, force: true });
}
