import { expect, it } from 'vitest';
import { generateCryptokey } from './keys';
import { signZoneInParallel } from './signParallel';
import { signZone } from './signZone';
import { zoneRecords } from './testZone';

const ZONE = 'example.com';

it.each([8, 15])('algorithm %i: signing on worker threads gives the same signed zone byte for byte', async (algorithm) => {
  // RSA PKCS #1 v1.5 and Ed25519 signatures are deterministic, so both paths must agree exactly.
  const keys = [generateCryptokey({ keytype: 'ksk', algorithm }), generateCryptokey({ keytype: 'zsk', algorithm })];
  const options = { zone: ZONE, records: zoneRecords(ZONE), keys, now: 1_800_000_000, nsec3: true };
  const parallel = await signZoneInParallel({ ...options, threads: 2 });
  const sequential = signZone(options);
  const hex = (records: { name: string; type: number; rdata: Uint8Array }[]) =>
    records.map((r) => `${r.name} ${r.type} ${Buffer.from(r.rdata).toString('hex')}`);
  expect(hex(parallel)).toEqual(hex(sequential));
});
