import type { KeyEncryptionKeys } from '@kaja/config';
import { and, asc, eq, gte, or, sql } from '@kaja/db/orm';
import { tsigKeys, zoneChanges, zones, zoneSecondaries, type DatabaseHandle, type ZoneChangeRecord } from '@kaja/db';
import { openTsigSecret } from '@kaja/zone-writes';
import type { TsigKey } from '@kaja/dns-model/tsig';
import type { Secondary, TransferAccess, TransferSource } from './transferAccess';
import type { ZoneChange } from './zone';
import { wireRecord } from './zoneFile';

/**
 * The customer's active catalog zone, when `zone` is one of the zones it lists (decision 058): its
 * TSIG keys and secondaries stand for every member, so one key in a consumer's member template
 * transfers them all.
 */
const catalogOf = (zone: string) => sql`(
  SELECT catalog.id FROM ${zones} catalog JOIN ${zones} member ON member.customer_id = catalog.customer_id
  WHERE member.name = ${zone} AND member.status = 'active' AND member.type <> 'catalog'
    AND catalog.type = 'catalog' AND catalog.status = 'active')`;

/** More changes than this since the client's serial: the whole zone is smaller to send. */
const MAX_IXFR_CHANGES = 1000;

/**
 * Transfers as the API configures them: the zone's TSIG keys with can_transfer (secrets opened
 * with the key-encryption key, the row id as context), its secondaries, those of the customer's
 * catalog zone for the zones it lists, and the zone's change journal.
 * Only active zones transfer. NOTIFY acknowledgements are written to the secondary's row, on
 * `primary` when the reads go to a read replica (which takes no writes).
 */
export class DatabaseTransfers implements TransferAccess, TransferSource {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly keyEncryptionKey: KeyEncryptionKeys,
    private readonly primary: DatabaseHandle = database,
  ) {}

  async keys(zone: string): Promise<TsigKey[]> {
    const db = this.database.db;
    const [own, fromCatalog] = await Promise.all([
      db
        .select({ key: tsigKeys })
        .from(tsigKeys)
        .innerJoin(zones, eq(zones.id, tsigKeys.zoneId))
        .where(and(eq(zones.name, zone), eq(zones.status, 'active'), eq(tsigKeys.canTransfer, true))),
      db
        .select({ key: tsigKeys })
        .from(tsigKeys)
        .where(and(sql`${tsigKeys.zoneId} IN ${catalogOf(zone)}`, eq(tsigKeys.canTransfer, true))),
    ]);
    // The zone's own key wins over a catalog key of the same name.
    const names = new Set(own.map(({ key }) => key.name));
    return [...own, ...fromCatalog.filter(({ key }) => !names.has(key.name))].map(({ key }) => this.open(key));
  }

  async allowed(zone: string, address: string, keyName: string | undefined): Promise<boolean> {
    // The platform's secondaries always sign their requests.
    if (keyName === undefined) return false;
    const rows = await this.database.db
      .select({ id: zoneSecondaries.id })
      .from(zoneSecondaries)
      .innerJoin(tsigKeys, eq(tsigKeys.id, zoneSecondaries.tsigKeyId))
      .innerJoin(zones, eq(zones.id, zoneSecondaries.zoneId))
      .where(
        and(
          or(and(eq(zones.name, zone), eq(zones.status, 'active')), sql`${zones.id} IN ${catalogOf(zone)}`),
          eq(zoneSecondaries.address, address),
          eq(tsigKeys.name, keyName),
          eq(tsigKeys.canTransfer, true),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  async secondaries(zone: string): Promise<Secondary[]> {
    const rows = await this.database.db
      .select({ secondary: zoneSecondaries, key: tsigKeys, own: sql<boolean>`${zones.name} = ${zone}` })
      .from(zoneSecondaries)
      .innerJoin(tsigKeys, eq(tsigKeys.id, zoneSecondaries.tsigKeyId))
      .innerJoin(zones, eq(zones.id, zoneSecondaries.zoneId))
      .where(or(and(eq(zones.name, zone), eq(zones.status, 'active')), sql`${zones.id} IN ${catalogOf(zone)}`));
    const own = rows.filter((row) => row.own);
    const taken = new Set(own.map(({ secondary }) => `${secondary.address} ${secondary.port}`));
    // A catalog's secondaries are notified of its members too; what they acknowledged is kept only
    // for the catalog itself (no `id`): a NOTIFY lost with a restart is made good by their SOA refresh.
    const viaCatalog = rows.filter((row) => !row.own && !taken.has(`${row.secondary.address} ${row.secondary.port}`));
    return [
      ...own.map(({ secondary, key }) => ({ zone, address: secondary.address, port: secondary.port, key: this.open(key), id: secondary.id })),
      ...viaCatalog.map(({ secondary, key }) => ({ zone, address: secondary.address, port: secondary.port, key: this.open(key) })),
    ];
  }

  async changesSince(zone: string, serial: number): Promise<ZoneChange[] | undefined> {
    // previous_serial 0 is the zone's creation: no version a secondary can hold.
    if (serial === 0) return undefined;
    const db = this.database.db;
    const [first] = await db
      .select({ id: zoneChanges.id, zoneId: zoneChanges.zoneId })
      .from(zoneChanges)
      .innerJoin(zones, eq(zones.id, zoneChanges.zoneId))
      .where(and(eq(zones.name, zone), eq(zoneChanges.previousSerial, serial)))
      .orderBy(asc(zoneChanges.id))
      .limit(1);
    if (!first) return undefined;
    const rows = await db
      .select()
      .from(zoneChanges)
      .where(and(eq(zoneChanges.zoneId, first.zoneId), gte(zoneChanges.id, first.id)))
      .orderBy(asc(zoneChanges.id))
      .limit(MAX_IXFR_CHANGES + 1);
    if (rows.length > MAX_IXFR_CHANGES) return undefined;
    return rows.map((row) => ({ previousSerial: row.previousSerial, serial: row.serial, removed: row.removed.map(toWire), added: row.added.map(toWire) }));
  }

  /** Active zones with a secondary that has not acknowledged a NOTIFY for the zone's serial. */
  async unnotifiedZones(): Promise<string[]> {
    const rows = await this.database.db
      .selectDistinct({ name: zones.name })
      .from(zoneSecondaries)
      .innerJoin(zones, eq(zones.id, zoneSecondaries.zoneId))
      .where(and(eq(zones.status, 'active'), sql`${zoneSecondaries.notifiedSerial} is distinct from ${zones.serial}`));
    return rows.map((row) => row.name);
  }

  /** The secondary answered our NOTIFY for `serial`. */
  async notified(secondary: Secondary, serial: number): Promise<void> {
    if (!secondary.id) return;
    await this.primary.db.update(zoneSecondaries).set({ notifiedSerial: serial, notifiedAt: new Date() }).where(eq(zoneSecondaries.id, secondary.id));
  }

  private open(key: typeof tsigKeys.$inferSelect): TsigKey {
    return { name: key.name, algorithm: key.algorithm, secret: openTsigSecret(key.secret, this.keyEncryptionKey, key.id) };
  }
}

const toWire = (record: ZoneChangeRecord) => wireRecord(record);
