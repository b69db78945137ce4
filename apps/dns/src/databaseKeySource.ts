import type { KeyEncryptionKeys } from '@kaja/config';
import { cryptokeys, zones, type DatabaseHandle } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import { decryptPrivateKey, importCryptokey } from '@kaja/dnssec';
import type { KeySource, SigningSettings } from './keySource';

/** A `cryptokeys` row as stored: the private key still sealed under the key-encryption key. */
export interface SealedCryptokey {
  id: string;
  keytype: 'ksk' | 'zsk';
  algorithm: 'ECDSAP256SHA256' | 'ED25519' | 'RSASHA256';
  active: boolean;
  keyTag: number;
  publicKey: string;
  /** PKCS #8 sealed by `encryptPrivateKey` with the row's id as context, base64. */
  privateKey: string;
}

/** A zone's keys as the database holds them, with its denial (NSEC or NSEC3). */
export interface SealedKeys {
  nsec3: boolean;
  keys: SealedCryptokey[];
}

/**
 * A zone's keys in database mode: the `cryptokeys` rows of the zone, their private keys opened
 * with the key-encryption key (`resolveKeyEncryptionKey` of @kaja/config) and the row's id, and
 * NSEC or NSEC3 from `zones.nsec3`. Read when the zone is loaded and whenever its key sets change.
 * The rows last read (or given from a snapshot by `remember`) stay sealed in memory, so a zone
 * whose keys cannot be read from the database (it is unreachable) is signed with them.
 */
export class DatabaseKeySource implements KeySource {
  private readonly sealed = new Map<string, SealedKeys | undefined>();
  private readonly readListeners: ((zone: string) => void)[] = [];

  constructor(
    private readonly database: DatabaseHandle,
    private readonly keyEncryptionKey: KeyEncryptionKeys,
  ) {}

  async settings(zone: string): Promise<SigningSettings | undefined> {
    let keys: SealedKeys | undefined;
    try {
      keys = await this.read(zone);
    } catch (error) {
      if (!this.sealed.has(zone)) throw error;
      keys = this.sealed.get(zone);
      return keys && this.open(zone, keys);
    }
    this.sealed.set(zone, keys);
    for (const listener of this.readListeners) listener(zone);
    return keys && this.open(zone, keys);
  }

  /** The sealed keys last read for the zone: undefined when it is unsigned, absent when not read yet. */
  sealedKeys(zone: string): { keys: SealedKeys | undefined } | undefined {
    return this.sealed.has(zone) ? { keys: this.sealed.get(zone) } : undefined;
  }

  /** Keys kept from before (a snapshot), used until the database can be read. */
  remember(zone: string, keys: SealedKeys | undefined): void {
    this.sealed.set(zone, keys);
  }

  forget(zone: string): void {
    this.sealed.delete(zone);
  }

  /** Calls `listener` after each successful read of a zone's keys from the database. */
  onRead(listener: (zone: string) => void): void {
    this.readListeners.push(listener);
  }

  private async read(zone: string): Promise<SealedKeys | undefined> {
    const db = this.database.db;
    const [row] = await db.select({ id: zones.id, nsec3: zones.nsec3 }).from(zones).where(eq(zones.name, zone));
    if (!row) return undefined;
    const rows = await db.select().from(cryptokeys).where(eq(cryptokeys.zoneId, row.id)).orderBy(cryptokeys.createdAt, cryptokeys.id);
    if (rows.length === 0) return undefined;
    const keys = rows.map(({ id, keytype, algorithm, active, keyTag, publicKey, privateKey }) => ({
      id,
      keytype,
      algorithm,
      active,
      keyTag,
      publicKey,
      privateKey,
    }));
    return { nsec3: row.nsec3, keys };
  }

  private open(zone: string, sealed: SealedKeys): SigningSettings {
    const keys = sealed.keys.map((r) => {
      const pkcs8 = decryptPrivateKey(Buffer.from(r.privateKey, 'base64'), this.keyEncryptionKey, r.id);
      const key = importCryptokey({ keytype: r.keytype, algorithm: r.algorithm, active: r.active }, pkcs8);
      // A row whose columns disagree with its private key would publish one key and sign with another.
      if (key.keyTag !== r.keyTag || Buffer.from(key.dnskey.subarray(4)).toString('base64') !== r.publicKey) {
        throw new Error(`the cryptokey ${r.id} of ${zone} does not match its private key`);
      }
      return key;
    });
    return { keys, nsec3: sealed.nsec3 };
  }
}
