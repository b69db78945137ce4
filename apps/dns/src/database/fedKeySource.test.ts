import { randomBytes, randomUUID } from 'node:crypto';
import { cryptokeys, customers, zones as zoneRows, type DatabaseHandle } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { Rcode, RRType } from '@kaja/dns-model';
import { encryptPrivateKey, exportPrivateKey, generateCryptokey, type Cryptokey } from '@kaja/dnssec';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseKeySource } from '../databaseKeySource';
import { lookup } from '../lookup';
import { keyRecords } from '../publishedKeys';
import { ZoneSigning } from '../signing';
import { loadZoneText } from '../zoneFile';
import { ZoneStore } from '../zoneStore';
import { FedKeySource } from './fedKeySource';
import { workerZones } from './workerServer';
import { ZoneFeedFollower, ZoneFeedPublisher } from './zoneFeed';

/*
 * The node's other workers sign with the keys its lead holds, handed over the feed: they read none
 * themselves, so they sign as the lead does whether it read its keys from the database or from its
 * snapshot, and a worker without the keys of a zone that publishes keys answers SERVFAIL, never
 * unsigned. Both sides in one thread, as in zoneFeed.test.ts; the lead's keys come from the
 * database (PGlite here) through `DatabaseKeySource`, as on a node.
 */

const ZONE = 'example.com';
const kek = { current: randomBytes(32), previous: [] };
const TEXT = `$TTL 300
@ 3600 SOA ns1 hostmaster 1 7200 3600 1209600 300
@ 3600 NS ns1
ns1 A 192.0.2.53
www A 192.0.2.80
`;

let database: DatabaseHandle;
let zoneId: string;
const ksk = generateCryptokey({ keytype: 'ksk' });
const zsk = generateCryptokey({ keytype: 'zsk' });

/** Stores a key as the API does: its private key sealed under the key-encryption key and the row's id. */
async function storeKey(key: Cryptokey): Promise<void> {
  const id = randomUUID();
  await database.db.insert(cryptokeys).values({
    id,
    zoneId,
    keytype: key.keytype,
    algorithm: 'ECDSAP256SHA256',
    active: key.active,
    flags: key.keytype === 'ksk' ? 257 : 256,
    keyTag: key.keyTag,
    publicKey: Buffer.from(key.dnskey.subarray(4)).toString('base64'),
    privateKey: Buffer.from(encryptPrivateKey(exportPrivateKey(key), kek.current, id)).toString('base64'),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [customer] = await database.db.insert(customers).values({ name: 'Feed keys test' }).returning();
  const [zone] = await database.db
    .insert(zoneRows)
    .values({ customerId: customer!.id, name: ZONE, region: 'EU', ttl: 3600, serial: 1, dnssecEnabled: true, dnssecState: 'active' })
    .returning();
  zoneId = zone!.id;
  await storeKey(ksk);
  await storeKey(zsk);
});
afterAll(() => database.close());

let closing: { close(): void }[] = [];
afterEach(() => {
  for (const side of closing.reverse()) side.close();
  closing = [];
});

/** The lead's zones, its zone publishing the keys in the database, and its key source and feed (not started). */
function lead(channel: string, keys = new DatabaseKeySource(database, kek)) {
  const zones = new ZoneStore();
  zones.put(loadZoneText(ZONE, TEXT, ZONE, keyRecords(ZONE, { keys: [ksk, zsk], nsec3: false })));
  const publisher = new ZoneFeedPublisher(channel, zones, () => zoneId, keys);
  closing.push(publisher);
  return { zones, keys, publisher };
}

/** Another worker, as `serveFedZones` puts it together. */
function worker(channel: string) {
  const zones = workerZones(database, kek, new FedKeySource(kek));
  const feed = new ZoneFeedFollower(channel, zones.zones, zones.keys);
  closing.push(zones.signing, feed);
  return { ...zones, feed };
}

/** The rcode of the worker's answer to www A with the DO bit, and the key tags of its RRSIGs. */
function www(side: { zones: ZoneStore; signing: ZoneSigning }) {
  const answer = side.signing.sign(lookup(side.zones.get(ZONE)!, `www.${ZONE}`, RRType.A));
  const signers = answer.answer.filter((rrset) => rrset.type === RRType.RRSIG).flatMap((rrset) => rrset.rdata.map((rdata) => (rdata[16]! << 8) | rdata[17]!));
  return { rcode: answer.rcode, signers: signers.sort((a, b) => a - b) };
}

describe("the DNSSEC keys of a node's other workers", () => {
  it('are the lead’s, sent with each zone: a worker signs with them without reading any', async () => {
    const channel = `test-${Math.random()}`;
    const { zones, keys, publisher } = lead(channel);
    const signing = new ZoneSigning(zones, keys);
    closing.push(signing);
    await signing.ready();
    const other = worker(channel);
    publisher.start(false);
    await other.feed.ready;
    await other.signing.ready();
    expect(www(other)).toEqual({ rcode: Rcode.NOERROR, signers: [zsk.keyTag] });
  });

  it('are the ones the lead kept in its snapshot while its database cannot be reached', async () => {
    const read = new DatabaseKeySource(database, kek);
    await read.settings(ZONE);
    const unreachable = await createTestDatabase();
    await unreachable.close();
    const channel = `test-${Math.random()}`;
    const started = lead(channel, new DatabaseKeySource(unreachable, kek));
    started.keys.remember(ZONE, read.sealedKeys(ZONE)!.keys);
    const signing = new ZoneSigning(started.zones, started.keys);
    closing.push(signing);
    await signing.ready();
    expect(www({ zones: started.zones, signing })).toEqual({ rcode: Rcode.NOERROR, signers: [zsk.keyTag] });
    const other = worker(channel);
    started.publisher.start(true);
    expect(await other.feed.ready).toEqual({ fromSnapshot: true });
    await other.signing.ready();
    expect(www(other)).toEqual({ rcode: Rcode.NOERROR, signers: [zsk.keyTag] });
  });

  it('are awaited by a worker given a zone before the lead read its keys: SERVFAIL, never unsigned, until the read reaches it', async () => {
    const channel = `test-${Math.random()}`;
    const { zones, keys, publisher } = lead(channel);
    const other = worker(channel);
    publisher.start(false);
    await other.feed.ready;
    await other.signing.ready();
    expect(www(other)).toEqual({ rcode: Rcode.SERVFAIL, signers: [] });
    expect(other.signing.unavailable).toBe(1);

    const signing = new ZoneSigning(zones, keys);
    closing.push(signing);
    await expect.poll(() => www(other)).toEqual({ rcode: Rcode.NOERROR, signers: [zsk.keyTag] });
  });

  it('follow each read of the lead’s: a ZSK activated signs on every worker', async () => {
    const channel = `test-${Math.random()}`;
    const { zones, keys, publisher } = lead(channel);
    const signing = new ZoneSigning(zones, keys);
    closing.push(signing);
    await signing.ready();
    const other = worker(channel);
    publisher.start(false);
    await other.feed.ready;
    await other.signing.ready();
    expect(www(other).signers).toEqual([zsk.keyTag]);

    const next = generateCryptokey({ keytype: 'zsk' });
    await storeKey(next);
    // What a change of the SOA alone does on the lead: its keys are read again.
    await signing.reload(ZONE);
    expect(www({ zones, signing }).signers).toEqual([zsk.keyTag, next.keyTag].sort((a, b) => a - b));
    await expect.poll(() => www(other).signers).toEqual([zsk.keyTag, next.keyTag].sort((a, b) => a - b));
  });
});
