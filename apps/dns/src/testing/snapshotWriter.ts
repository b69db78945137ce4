// Writes one zone's snapshot file over and over, as a node's snapshot keeper does, each time with
// the next serial, printing the serial once its file is in place: the kill -9 test stops it at
// random moments. Arguments: the directory, the zone id, the number of A records.
import { join } from 'node:path';
import { encodeZoneSnapshot, syncDirectory, writeFileSafely } from '../database/snapshotFile';
import { loadZoneText, wireRecord } from '../zoneFile';

const [dir, id, count] = process.argv.slice(2) as [string, string, string];
const soa = (serial: number) => `ns1.example.net. hostmaster.example.net. ${serial} 3600 600 604800 300`;
const lines = ['$ORIGIN example.com.', `@ 300 IN SOA ${soa(1)}`, '@ 300 IN NS ns1.example.net.'];
for (let i = 0; i < Number(count); i++) lines.push(`host${i} 300 IN A 192.0.${(i >> 8) & 255}.${i & 255}`);
const zone = loadZoneText('example.com', lines.join('\n'));
const keys = { nsec3: false, keys: [] };
for (let serial = 2; ; serial++) {
  zone.apply({
    previousSerial: serial - 1,
    serial,
    removed: [wireRecord({ name: 'example.com', type: 'SOA', ttl: 300, content: soa(serial - 1) })],
    added: [wireRecord({ name: 'example.com', type: 'SOA', ttl: 300, content: soa(serial) })],
  });
  await writeFileSafely(join(dir, `${id}.zone`), encodeZoneSnapshot({ id, zone, keys }));
  await syncDirectory(dir);
  process.stdout.write(`${serial}\n`);
}
