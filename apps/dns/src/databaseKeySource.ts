import type { KeyEncryptionKeys } from '@kaja/config';
import { cryptokeys, zones, type DatabaseHandle } from '@kaja/db';
import { inArray } from '@kaja/db/orm';
import { decryptPrivateKey, importCryptokey } from '@kaja/dnssec';
import type { KeySource, SigningSettings } from './keySource';

/** Zones whose keys are read with one query: a start reads every zone's, most of them none. */
const readBatch = 1000;

interface Waiter {
  resolve: (settings: SigningSettings | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * A zone's keys in database mode: the `cryptokeys` rows of the zone, their private keys opened
 * with the key-encryption key (`resolveKeyEncryptionKey` of @kaja/config) and the row's id, and
 * NSEC or NSEC3 from `zones.nsec3`. Read when the zone is loaded and whenever its key sets change;
 * the zones asked for in one turn of the event loop are read together.
 */
export class DatabaseKeySource implements KeySource {
  private pending: Map<string, Waiter[]> | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly keyEncryptionKey: KeyEncryptionKeys,
  ) {}

  settings(zone: string): Promise<SigningSettings | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        this.pending = new Map();
        setImmediate(() => void this.readPending());
      }
      const waiters = this.pending.get(zone);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(zone, [{ resolve, reject }]);
    });
  }

  private async readPending(): Promise<void> {
    const pending = this.pending!;
    this.pending = undefined;
    const names = [...pending.keys()];
    for (let from = 0; from < names.length; from += readBatch) {
      const batch = names.slice(from, from + readBatch);
      let read: Map<string, () => SigningSettings | undefined>;
      try {
        read = await this.read(batch);
      } catch (error) {
        for (const name of batch) for (const waiter of pending.get(name)!) waiter.reject(error);
        continue;
      }
      for (const name of batch) {
        // One zone's broken key fails that zone only.
        try {
          const settings = read.get(name)?.();
          for (const waiter of pending.get(name)!) waiter.resolve(settings);
        } catch (error) {
          for (const waiter of pending.get(name)!) waiter.reject(error);
        }
      }
    }
  }

  /** The keys of the zones named, each opened when asked for. */
  private async read(names: string[]): Promise<Map<string, () => SigningSettings | undefined>> {
    const db = this.database.db;
    const zoneRows = await db.select({ id: zones.id, name: zones.name, nsec3: zones.nsec3 }).from(zones).where(inArray(zones.name, names));
    const keyRows = zoneRows.length
      ? await db
          .select()
          .from(cryptokeys)
          .where(
            inArray(
              cryptokeys.zoneId,
              zoneRows.map((row) => row.id),
            ),
          )
          .orderBy(cryptokeys.createdAt, cryptokeys.id)
      : [];
    const keysOf = new Map<string, typeof keyRows>();
    for (const row of keyRows) keysOf.set(row.zoneId, [...(keysOf.get(row.zoneId) ?? []), row]);
    return new Map(
      zoneRows.map((row) => [
        row.name,
        () => {
          const rows = keysOf.get(row.id);
          if (!rows) return undefined;
          const keys = rows.map((r) => {
            const pkcs8 = decryptPrivateKey(Buffer.from(r.privateKey, 'base64'), this.keyEncryptionKey, r.id);
            const key = importCryptokey({ keytype: r.keytype, algorithm: r.algorithm, active: r.active }, pkcs8);
            // A row whose columns disagree with its private key would publish one key and sign with another.
            if (key.keyTag !== r.keyTag || Buffer.from(key.dnskey.subarray(4)).toString('base64') !== r.publicKey) {
              throw new Error(`the cryptokey ${r.id} of ${row.name} does not match its private key`);
            }
            return key;
          });
          return { keys, nsec3: row.nsec3 };
        },
      ]),
    );
  }
}
