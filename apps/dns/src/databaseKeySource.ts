import type { KeyEncryptionKeys } from '@kaja/config';
import { cryptokeys, zones, type DatabaseHandle } from '@kaja/db';
import { inArray } from '@kaja/db/orm';
import type { KeySource, SigningSettings } from './keySource';
import { openSealedKeys, type SealedCryptokey, type SealedKeys } from './sealedKeys';

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
 * the zones asked for in one turn of the event loop are read together. The rows last read (or
 * given from a snapshot by `remember`) stay sealed in memory, so a zone whose keys cannot be read
 * from the database (it is unreachable) is signed with them.
 */
export class DatabaseKeySource implements KeySource {
  private readonly sealed = new Map<string, SealedKeys | undefined>();
  private readonly readListeners: ((zone: string) => void)[] = [];
  private pending: Map<string, Waiter[]> | undefined;
  readonly keysChangeWithSerial = true;

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

  private async readPending(): Promise<void> {
    const pending = this.pending!;
    this.pending = undefined;
    const names = [...pending.keys()];
    for (let from = 0; from < names.length; from += readBatch) {
      const batch = names.slice(from, from + readBatch);
      let read: Map<string, SealedKeys> | undefined;
      try {
        read = await this.read(batch);
      } catch (error) {
        // The database cannot be read: zones whose keys were read before (or kept in a snapshot)
        // are signed with those; the others wait for the next read.
        for (const name of batch) {
          const waiters = pending.get(name)!;
          if (this.sealed.has(name)) this.settle(name, waiters, this.sealed.get(name));
          else for (const waiter of waiters) waiter.reject(error);
        }
        continue;
      }
      for (const name of batch) {
        const keys = read.get(name);
        this.sealed.set(name, keys);
        for (const listener of this.readListeners) listener(name);
        this.settle(name, pending.get(name)!, keys);
      }
    }
  }

  /** Opens a zone's keys for its waiters; one zone's broken key fails that zone only. */
  private settle(zone: string, waiters: Waiter[], keys: SealedKeys | undefined): void {
    try {
      const settings = keys && openSealedKeys(zone, keys, this.keyEncryptionKey);
      for (const waiter of waiters) waiter.resolve(settings);
    } catch (error) {
      for (const waiter of waiters) waiter.reject(error);
    }
  }

  /** The sealed keys of the signed zones among those named. */
  private async read(names: string[]): Promise<Map<string, SealedKeys>> {
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
    const keysOf = new Map<string, SealedCryptokey[]>();
    for (const { zoneId, id, keytype, algorithm, active, keyTag, publicKey, privateKey } of keyRows) {
      const keys = keysOf.get(zoneId) ?? [];
      keys.push({ id, keytype, algorithm, active, keyTag, publicKey, privateKey });
      keysOf.set(zoneId, keys);
    }
    const read = new Map<string, SealedKeys>();
    for (const row of zoneRows) {
      const keys = keysOf.get(row.id);
      if (keys) read.set(row.name, { nsec3: row.nsec3, keys });
    }
    return read;
  }
}
