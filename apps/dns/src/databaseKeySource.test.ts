import { randomBytes, randomUUID } from 'node:crypto';
import { cryptokeys, customers, zones, type DatabaseHandle } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { encryptPrivateKey, exportPrivateKey, generateCryptokey, verifyRrsig, type Cryptokey } from '@kaja/dnssec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseKeySource } from './databaseKeySource';
import { keyRecords } from './publishedKeys';
import { ZoneSigning } from './signing';
import { loadZoneText } from './zoneFile';
import { ZoneStore } from './zoneStore';

const kek = randomBytes(32);
let database: DatabaseHandle;
let zoneId: string;

/** Stores a key the way the API does: the private key sealed under the key-encryption key and the row id. */
async function storeKey(key: Cryptokey, algorithm: 'ECDSAP256SHA256' | 'ED25519' | 'RSASHA256', sealWith = kek): Promise<string> {
  const id = randomUUID();
  await database.db.insert(cryptokeys).values({
    id,
    zoneId,
    keytype: key.keytype,
    algorithm,
    active: key.active,
    flags: key.keytype === 'ksk' ? 257 : 256,
    keyTag: key.keyTag,
    publicKey: Buffer.from(key.dnskey.subarray(4)).toString('base64'),
    privateKey: Buffer.from(encryptPrivateKey(exportPrivateKey(key), sealWith, id)).toString('base64'),
  });
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [customer] = await database.db.insert(customers).values({ name: 'Key source test' }).returning();
  const [zone] = await database.db
    .insert(zones)
    .values({ customerId: customer!.id, name: 'example.com', region: 'EU', ttl: 3600, serial: 1, nsec3: true, dnssecEnabled: true, dnssecState: 'active' })
    .returning();
  zoneId = zone!.id;
  await database.db.insert(zones).values({ customerId: customer!.id, name: 'unsigned.example', region: 'EU', ttl: 3600, serial: 1 });
});
afterAll(() => database.close());

describe('keys from the database', () => {
  const source = () => new DatabaseKeySource(database, { current: kek, previous: [] });

  it('opens the sealed keys of a zone, with its denial setting', async () => {
    const ksk = generateCryptokey({ keytype: 'ksk' });
    const zsk = generateCryptokey({ keytype: 'zsk', algorithm: 'ED25519', active: false });
    await storeKey(ksk, 'ECDSAP256SHA256');
    await storeKey(zsk, 'ED25519');
    const settings = await source().settings('example.com');
    expect(settings?.nsec3).toBe(true);
    expect(settings?.keys.map((k) => [k.keytype, k.algorithm, k.active, k.keyTag])).toEqual([
      ['ksk', 13, true, ksk.keyTag],
      ['zsk', 15, false, zsk.keyTag],
    ]);
    expect(Buffer.from(settings!.keys[0]!.dnskey).equals(Buffer.from(ksk.dnskey))).toBe(true);

    // Served: the only active key (the KSK) signs everything.
    const store = new ZoneStore();
    store.put(
      loadZoneText(
        'example.com',
        '@ 3600 SOA ns1 hostmaster 1 7200 3600 1209600 300\n@ 3600 NS ns1\nns1 300 A 192.0.2.1\n',
        'example.com',
        keyRecords('example.com', settings!),
      ),
    );
    const signing = new ZoneSigning(store, source());
    await signing.ready();
    const zone = store.get('example.com')!;
    const soa = signing.signer(zone)!.signatures.for(zone.soa)!;
    expect(soa.rdata.map((rdata) => verifyRrsig(zone.soa, rdata, ksk.dnskey))).toEqual([true]);
    signing.close();
  });

  it('gives nothing for a zone without keys or not hosted', async () => {
    expect(await source().settings('unsigned.example')).toBeUndefined();
    expect(await source().settings('nowhere.example')).toBeUndefined();
  });

  it('reads the zones asked for in one turn together, each getting its own keys, a broken key failing only its zone', async () => {
    const [customer] = await database.db.insert(customers).values({ name: 'Many zones' }).returning();
    const names = Array.from({ length: 1205 }, (_, i) => `z${i}.batch.example`);
    const rows = await database.db
      .insert(zones)
      .values(names.map((name) => ({ customerId: customer!.id, name, region: 'EU' as const, ttl: 3600, serial: 1 })))
      .returning({ id: zones.id, name: zones.name });
    const signedKey = generateCryptokey({ keytype: 'ksk' });
    const brokenKey = generateCryptokey({ keytype: 'ksk' });
    const [signedZone, brokenZone] = [rows[3]!, rows[1204]!];
    const outer = zoneId;
    try {
      zoneId = signedZone.id;
      await storeKey(signedKey, 'ECDSAP256SHA256');
      zoneId = brokenZone.id;
      await storeKey(brokenKey, 'ECDSAP256SHA256', randomBytes(32));
    } finally {
      zoneId = outer;
    }
    const keySource = source();
    const results = await Promise.allSettled(names.map((name) => keySource.settings(name)));
    expect(results[3]).toMatchObject({ status: 'fulfilled', value: { nsec3: false } });
    const signed = (results[3] as PromiseFulfilledResult<Awaited<ReturnType<DatabaseKeySource['settings']>>>).value!;
    expect(signed.keys.map((k) => k.keyTag)).toEqual([signedKey.keyTag]);
    expect(results[1204]!.status).toBe('rejected');
    expect(results.filter((r, i) => i !== 3 && i !== 1204).every((r) => r.status === 'fulfilled' && r.value === undefined)).toBe(true);
  });

  it('refuses a key sealed under another key-encryption key', async () => {
    const id = await storeKey(generateCryptokey({ keytype: 'zsk' }), 'ECDSAP256SHA256', randomBytes(32));
    try {
      await expect(source().settings('example.com')).rejects.toThrow();
    } finally {
      await database.db.delete(cryptokeys).where(eq(cryptokeys.id, id));
    }
  });
});
