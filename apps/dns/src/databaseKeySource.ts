import type { KeyEncryptionKeys } from '@kaja/config';
import { cryptokeys, zones, type DatabaseHandle } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import { decryptPrivateKey, importCryptokey } from '@kaja/dnssec';
import type { KeySource, SigningSettings } from './keySource';

/**
 * A zone's keys in database mode: the `cryptokeys` rows of the zone, their private keys opened
 * with the key-encryption key (`resolveKeyEncryptionKey` of @kaja/config) and the row's id, and
 * NSEC or NSEC3 from `zones.nsec3`. Read when the zone is loaded and whenever its key sets change.
 */
export class DatabaseKeySource implements KeySource {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly keyEncryptionKey: KeyEncryptionKeys,
  ) {}

  async settings(zone: string): Promise<SigningSettings | undefined> {
    const db = this.database.db;
    const [row] = await db.select({ id: zones.id, nsec3: zones.nsec3 }).from(zones).where(eq(zones.name, zone));
    if (!row) return undefined;
    const rows = await db.select().from(cryptokeys).where(eq(cryptokeys.zoneId, row.id)).orderBy(cryptokeys.createdAt, cryptokeys.id);
    if (rows.length === 0) return undefined;
    const keys = rows.map((r) => {
      const pkcs8 = decryptPrivateKey(Buffer.from(r.privateKey, 'base64'), this.keyEncryptionKey, r.id);
      const key = importCryptokey({ keytype: r.keytype, algorithm: r.algorithm, active: r.active }, pkcs8);
      // A row whose columns disagree with its private key would publish one key and sign with another.
      if (key.keyTag !== r.keyTag || Buffer.from(key.dnskey.subarray(4)).toString('base64') !== r.publicKey) {
        throw new Error(`the cryptokey ${r.id} of ${zone} does not match its private key`);
      }
      return key;
    });
    return { keys, nsec3: row.nsec3 };
  }
}
