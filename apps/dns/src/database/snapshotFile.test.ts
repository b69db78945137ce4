import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { SealedKeys } from '../sealedKeys';
import type { Zone } from '../zone';
import { loadZoneText } from '../zoneFile';
import { decodeZoneSnapshot, encodeZoneSnapshot, readZoneSnapshot, SnapshotError, snapshotVersion } from './snapshotFile';
import { readZoneSnapshots } from './zoneSnapshots';

const dir = mkdtempSync(join(tmpdir(), 'kaja-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const id = '3f1c2a6e-8d7b-4c1e-9a55-0e2b7d4c9f10';
const zone = loadZoneText(
  'example.com',
  `$ORIGIN example.com.
@ 300 IN SOA ns1.example.net. hostmaster.example.net. 2026112501 3600 600 604800 300
@ 300 IN NS ns1.example.net.
@ 300 IN MX 10 mail
@ 300 IN TXT "v=spf1 -all" "${'x'.repeat(200)}"
mail 60 IN A 192.0.2.25
mail 60 IN A 192.0.2.26
mail 60 IN AAAA 2001:db8::25
*.apps 300 IN CNAME mail
a.b.c 300 IN SRV 10 60 5060 mail
sub 300 IN NS ns.sub
ns.sub 300 IN A 192.0.2.53
`,
);
const keys: SealedKeys = {
  nsec3: true,
  keys: [{ id, keytype: 'ksk', algorithm: 'ECDSAP256SHA256', active: true, keyTag: 12345, publicKey: 'cHVibGlj', privateKey: 'c2VhbGVk' }],
};

/** Every record of a zone as `name type ttl rdata-hex`, sorted: two zones with the same are the same zone. */
const records = (z: Zone) =>
  [...z.nodes.values()]
    .flatMap((node) =>
      [...node.rrsets.values()].flatMap((rrset) => rrset.rdata.map((r) => `${rrset.name} ${rrset.type} ${rrset.ttl} ${Buffer.from(r).toString('hex')}`)),
    )
    .sort();

describe('a zone snapshot file', () => {
  it('gives back the zone, its serial and its sealed keys', () => {
    const read = decodeZoneSnapshot(encodeZoneSnapshot({ id, zone, keys }));
    expect(read.id).toBe(id);
    expect(read.zone.name).toBe('example.com');
    expect(read.zone.serial).toBe(2026112501);
    expect(records(read.zone)).toEqual(records(zone));
    expect(records(read.zone)).toHaveLength(11);
    expect(read.keys).toEqual(keys);
    expect(decodeZoneSnapshot(encodeZoneSnapshot({ id, zone, keys: undefined })).keys).toBeUndefined();
  });

  it('is refused when a byte changed, when cut short, of another version or not a snapshot at all', () => {
    const file = encodeZoneSnapshot({ id, zone, keys });
    const flipped = Buffer.from(file);
    flipped[flipped.length >> 1]! ^= 0x01;
    expect(() => decodeZoneSnapshot(flipped)).toThrow(new SnapshotError('checksum mismatch'));
    expect(() => decodeZoneSnapshot(file.subarray(0, file.length - 100))).toThrow(SnapshotError);
    const newer = Buffer.from(file);
    newer.writeUInt32BE(snapshotVersion + 1, 8);
    expect(() => decodeZoneSnapshot(newer)).toThrow(new SnapshotError(`version ${snapshotVersion + 1}, this server reads version ${snapshotVersion}`));
    expect(() => decodeZoneSnapshot(Buffer.from('$ORIGIN example.com.\n@ 300 IN A 192.0.2.1\n'.repeat(4)))).toThrow(new SnapshotError('not a zone snapshot'));
  });

  it('is left out of the directory’s zones when it does not read whole, and the others are served', async () => {
    const here = mkdtempSync(join(dir, 'directory-'));
    const other = '0b4f0c1e-5a9d-4e2b-8c7f-6d1a2b3c4d5e';
    writeFileSync(join(here, `${id}.zone`), encodeZoneSnapshot({ id, zone, keys }));
    const broken = encodeZoneSnapshot({ id: other, zone, keys });
    broken[100]! ^= 0xff;
    writeFileSync(join(here, `${other}.zone`), broken);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const read = await readZoneSnapshots(here);
      expect(read.map((snapshot) => snapshot.id)).toEqual([id]);
      expect(errors).toHaveBeenCalledWith(`dns: ignored the snapshot file ${other}.zone: checksum mismatch`);
    } finally {
      errors.mockRestore();
    }
  });

  it('is the last one written or the one before after kill -9 at any moment of writing', { timeout: 120_000 }, async () => {
    const here = mkdtempSync(join(dir, 'killed-'));
    const writer = fileURLToPath(new URL('../testing/snapshotWriter.ts', import.meta.url));
    for (let round = 0; round < 6; round++) {
      const child = spawn(process.execPath, ['--import', 'tsx', writer, here, id, '20000'], { stdio: ['ignore', 'pipe', 'inherit'] });
      let printed = '';
      child.stdout.on('data', (data) => (printed += data));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Some whole files first, then a kill at a moment the writer does not choose.
      await vi.waitFor(() => expect(printed.split('\n').length).toBeGreaterThan(3), { timeout: 60_000, interval: 20 });
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 60)));
      child.kill('SIGKILL');
      await exited;
      const done = printed.trim().split('\n').map(Number);
      const last = done.at(-1)!;
      // Renamed but killed before printing: the next serial is as good.
      expect([last, last + 1]).toContain((await readZoneSnapshot(join(here, `${id}.zone`))).zone.serial);
      // A temporary file the kill left is never read as the zone.
      const [read, ...others] = await readZoneSnapshots(here);
      expect(others).toEqual([]);
      expect(records(read!.zone)).toHaveLength(20_002);
      expect(readdirSync(here).filter((entry) => !entry.startsWith(`${id}.zone.tmp-`))).toEqual([`${id}.zone`]);
    }
    expect(
      readFileSync(join(here, `${id}.zone`))
        .subarray(0, 8)
        .toString(),
    ).toBe('KAJAZONE');
  });
});
