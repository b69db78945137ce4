import { parseZoneFile } from '@kaja/dns-model';
import { expect, it } from 'vitest';
import { generateCryptokey } from './keys';
import { signZoneInParallel } from './signParallel';
import { signZone } from './signZone';
import { generatedZoneFile, zoneRecords } from './testZone';

const ZONE = 'example.com';
const hex = (records: { name: string; type: number; rdata: Uint8Array }[]) => records.map((r) => `${r.name} ${r.type} ${Buffer.from(r.rdata).toString('hex')}`);

it.each([8, 15])('algorithm %i: signing on worker threads gives the same signed zone byte for byte', async (algorithm) => {
  // RSA PKCS #1 v1.5 and Ed25519 signatures are deterministic, so both paths must agree exactly.
  const keys = [generateCryptokey({ keytype: 'ksk', algorithm }), generateCryptokey({ keytype: 'zsk', algorithm })];
  const options = { zone: ZONE, records: zoneRecords(ZONE), keys, now: 1_800_000_000, nsec3: true };
  const parallel = await signZoneInParallel({ ...options, threads: 2 });
  const sequential = signZone(options);
  expect(hex(parallel)).toEqual(hex(sequential));
});

it.each([false, true])('NSEC3 %s: a zone of many batches comes back whole and in order from three threads', async (nsec3) => {
  const records = parseZoneFile(generatedZoneFile(ZONE, 6000), { origin: ZONE, wire: true }).records;
  const keys = [generateCryptokey({ keytype: 'ksk', algorithm: 15 }), generateCryptokey({ keytype: 'zsk', algorithm: 15 })];
  const options = { zone: ZONE, records, keys, now: 1_800_000_000, nsec3 };
  const parallel = await signZoneInParallel({ ...options, threads: 3 });
  expect(parallel.filter((r) => r.type === 46).length).toBeGreaterThan(5 * 1024);
  expect(hex(parallel)).toEqual(hex(signZone(options)));
});

it('a zone that cannot be signed fails the call with the reason', async () => {
  const records = parseZoneFile(generatedZoneFile(ZONE, 3000), { origin: ZONE, wire: true }).records;
  const keys = [generateCryptokey({ keytype: 'ksk' })];
  await expect(
    signZoneInParallel({ zone: ZONE, records: [...records, { name: 'example.net', type: 'A', ttl: 300, content: '192.0.2.1' }], keys }),
  ).rejects.toThrow('example.net is not inside the zone example.com');
});
