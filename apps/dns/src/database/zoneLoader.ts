import { serialCompare } from '@kaja/dns-model';
import { rrsets, zoneChanges, zones, type Database, type Executor, type ZoneChangeNotice, type ZoneChangeRecord } from '@kaja/db';
import { and, eq, gt, inArray, max, ne, sql } from '@kaja/db/orm';
import { Zone, type ApplyResult } from '../zone';
import { buildBesideBytes, buildZone, type ZoneBuilder } from '../zoneBuilder';
import type { ZoneStore } from '../zoneStore';
import { inPlaceChangeLimit, readServedZone, wireChange, type StoredZoneChange } from './zoneChangeReader';

/**
 * What happened to a served zone. `loaded` is awaited before the zone is served (a whole load:
 * at start, when it is created or enabled again, or when its changes could not be applied), so
 * per-zone state such as signing keys can be read first; `changed` follows each zone change
 * applied; `removed` follows the zone leaving the store (disabled, being deleted, deleted).
 */
export type ZoneEvent =
  | { type: 'loaded'; id: string; zone: Zone }
  | { type: 'changed'; id: string; zone: Zone; change: StoredZoneChange }
  | { type: 'removed'; id: string; name: string };

export type ZoneListener = (event: ZoneEvent) => void | Promise<void>;

/** Zone changes read per query while catching up. */
const changesPerRead = 100;
/** Zones refreshed at once by a sync, so a start with many zones does not take every connection. */
const syncConcurrency = 4;
/**
 * Zones a sync loads whole with one read (at start, every zone): one snapshot per batch rather
 * than per zone, as 100,000 small zones would otherwise take 100,000 transactions.
 */
const wholeBatch = 500;

/** A zone read whole: its id, and its record sets as the JSON text the database gave (`readRecords`). */
type WholeRead = { id: string; records: string };

interface Work {
  done: Promise<void>;
  again: boolean;
  /** What the pass asked for while one ran must wait for before it reads (`noticed`'s `readable`). */
  readable: (() => Promise<unknown>)[];
  /** Notices carrying their change heard while a pass ran: applied after it, in order, without a read when they follow on. */
  notices: { notice: ZoneChangeNotice; readable: (() => Promise<unknown>) | undefined }[];
}

/**
 * Keeps a `ZoneStore` equal to the active zones in the database. Every trigger (a change notice,
 * a periodic sync, the start) comes down to `refresh(name)`, which reads the zone's row and then
 * either applies its changes from the served serial, loads it whole, or removes it. Refreshes of
 * one zone run one at a time; a refresh asked for while one runs makes it run once more.
 */
export class ZoneLoader {
  /** Zone id per served name. */
  private readonly served = new Map<string, string>();
  /** Zone id per name served at any time since start, so counts of a zone just removed still find it. */
  private readonly known = new Map<string, string>();
  private readonly work = new Map<string, Work>();
  private readonly listeners: ZoneListener[] = [];
  private closed = false;
  /** Refreshes that failed (a lost connection, say), so a sync knows whether it left every zone current. */
  private failures = 0;
  /**
   * When (ms since the epoch) the last sync that brought every zone up to date began: each change
   * committed before then is served. How far behind the node may be is the time since (journal lag).
   */
  syncedAt: number | undefined;

  private readonly buildBesideBytes: number;
  readonly builder: ZoneBuilder | undefined;

  /**
   * `builder` builds zones of `buildBesideBytes` or more (as JSON text) on a thread of its own;
   * without one every zone is built here. Changes of more than `inPlaceChangeLimit` records are not
   * applied here either: the zone is read whole at its new serial and built anew, then swapped in.
   */
  constructor(
    private readonly db: Database,
    readonly store: ZoneStore,
    options: { builder?: ZoneBuilder; buildBesideBytes?: number } = {},
  ) {
    this.builder = options.builder;
    this.buildBesideBytes = options.buildBesideBytes ?? buildBesideBytes;
  }

  /** Adds a listener; register before the first sync to hear every load. */
  onZone(listener: ZoneListener): void {
    this.listeners.push(listener);
  }

  /** The id of the zone served under `name` now or last. */
  zoneId(name: string): string | undefined {
    return this.known.get(name);
  }

  /** The id of the zone served under `name` now. */
  servedId(name: string): string | undefined {
    return this.served.get(name);
  }

  /**
   * Serves zones kept from before (a node's snapshot, when the database cannot be reached at
   * start); the next sync catches each up from its serial, or loads it whole.
   */
  async restore(snapshots: readonly { id: string; zone: Zone }[]): Promise<void> {
    for (const { id, zone } of snapshots) {
      if (this.served.has(zone.name)) continue;
      await this.emit({ type: 'loaded', id, zone });
      this.served.set(zone.name, id);
      this.known.set(zone.name, id);
      this.store.put(zone);
    }
  }

  /**
   * Reacts to a change announcement; one for the serial already served costs nothing, and one that
   * carries its change is applied without a read when it starts at the serial served. `readable`,
   * when given, is awaited before any read the notice leads to: a read replica catching up to the
   * change (`ReplicaPosition`).
   */
  noticed(notice: ZoneChangeNotice, readable?: () => Promise<unknown>): void {
    const zone = this.store.get(notice.zone);
    if (notice.status === 'active' && zone?.serial === notice.serial && this.served.get(notice.zone) === notice.zone_id) return;
    if (notice.status === 'active' && notice.change) {
      // Changes to one zone often come a few milliseconds apart: the next waits for the pass under
      // way and is applied from what it carries, rather than turning into a read of the database
      // (on a replica, one that waits for the replica to have it).
      const running = this.work.get(notice.zone);
      if (running) running.notices.push({ notice, readable });
      else void this.refresh(notice.zone, () => this.applyNoticed(notice, readable), readable);
    } else
      void this.refresh(
        notice.zone,
        async (name) => {
          await readable?.();
          await this.refreshNow(name);
        },
        readable,
      );
  }

  /**
   * Compares every zone's status and serial with what is served (one query) and refreshes the
   * zones that differ: the initial load, and the catch-up after a missed notice or a reconnect.
   * Resolves whether every zone was brought up to date (no refresh failed).
   */
  async sync(): Promise<boolean> {
    const started = Date.now();
    const rows = await this.db.select({ id: zones.id, name: zones.name, status: zones.status, serial: zones.serial }).from(zones);
    return this.syncRows(started, rows, true);
  }

  /**
   * `sync` for the zones with a journal row after `id` only: what the periodic sync of a node
   * that has applied every change up to `id` compares, so its cost follows the changes, not the
   * zones. A zone gone with its journal (deleted) is left to the notices and the full `sync`.
   */
  async syncChangedSince(id: number): Promise<boolean> {
    const started = Date.now();
    const rows = await this.db
      .select({ id: zones.id, name: zones.name, status: zones.status, serial: zones.serial })
      .from(zones)
      .where(inArray(zones.id, this.db.selectDistinct({ id: zoneChanges.zoneId }).from(zoneChanges).where(gt(zoneChanges.id, id))));
    return this.syncRows(started, rows, false);
  }

  /**
   * Whether the database holds a newer serial of the served zone than is served. A node on a read
   * replica hears of changes before its replica replays them, so the replica's serial can be older
   * than the one served: that zone is current, and reading it would only take it back.
   */
  private behind(name: string, serial: number): boolean {
    const served = this.store.get(name)?.serial;
    return served === undefined || serialCompare(serial, served) > 0;
  }

  /** Zones whose changes are all served as of `at` (a sync that found nothing to do). */
  markSynced(at: number): void {
    this.syncedAt = at;
  }

  /** Refreshes the zones of `rows` that differ from what is served; with `everyZone`, also unserves those not among them. */
  private async syncRows(started: number, rows: { id: string; name: string; status: string; serial: number }[], everyZone: boolean): Promise<boolean> {
    const failures = this.failures;
    const stale: string[] = [];
    const active = new Set<string>();
    for (const row of rows) {
      // Serial 0: a secondary zone without data yet (or expired), nothing to serve.
      if (row.status !== 'active' || row.serial === 0) {
        if (!everyZone && this.served.has(row.name)) stale.push(row.name);
        continue;
      }
      active.add(row.name);
      if (this.served.get(row.name) !== row.id || this.behind(row.name, row.serial)) stale.push(row.name);
    }
    if (everyZone) for (const name of this.served.keys()) if (!active.has(name)) stale.push(name);
    // Zones not served yet are read whole, and served zones behind read their journals, in
    // batches of one snapshot each; a zone being refreshed, or active no more, one by one.
    const whole: string[] = [];
    const behind: string[] = [];
    const single: string[] = [];
    for (const name of stale) {
      if (this.work.has(name) || !active.has(name)) single.push(name);
      else if (this.served.has(name)) behind.push(name);
      else whole.push(name);
    }
    const tasks: (() => Promise<void>)[] = [
      ...chunks(whole, wholeBatch).map((names) => () => this.refreshWhole(names)),
      ...chunks(behind, wholeBatch).map((names) => () => this.catchUp(names)),
      ...single.map((name) => () => this.refresh(name)),
    ];
    let next = 0;
    const runner = async () => {
      while (next < tasks.length) await tasks[next++]!();
    };
    await Promise.all(Array.from({ length: Math.min(syncConcurrency, tasks.length) }, runner));
    if (this.failures !== failures) return false;
    this.syncedAt = started;
    return true;
  }

  /** The newest journal row's id (0 when none): read before a sync, every change up to it is served after it. */
  async journalHead(): Promise<number> {
    const [row] = await this.db.select({ id: max(zoneChanges.id) }).from(zoneChanges);
    return row?.id ?? 0;
  }

  /** Brings one zone up to date with the database; resolves once it is (errors are logged). */
  refresh(name: string, first: (name: string) => Promise<void> = (n) => this.refreshNow(n), readable?: () => Promise<unknown>): Promise<void> {
    const running = this.work.get(name);
    if (running) {
      running.again = true;
      if (readable) running.readable.push(readable);
      return running.done;
    }
    const work: Work = { done: Promise.resolve(), again: false, readable: [], notices: [] };
    work.done = (async () => {
      try {
        let pass = first;
        for (;;) {
          work.again = false;
          if (this.closed) return;
          try {
            await pass(name);
          } catch (error) {
            this.failures++;
            console.error(`dns: could not refresh the zone ${name} from the database:`, error);
          }
          const notices = work.notices.splice(0);
          // A notice heard meanwhile may need the replica to catch up before this pass reads.
          const waits = [...work.readable.splice(0), ...notices.flatMap(({ readable }) => (readable ? [readable] : []))];
          if (!work.again && notices.length > 0) {
            // Each applied in order; one that does not follow on reads (and waits) as it would alone.
            pass = async () => {
              for (const { notice, readable } of notices) await this.applyNoticed(notice, readable);
            };
          } else if (work.again) {
            pass = async (n) => {
              for (const wait of waits) await wait();
              await this.refreshNow(n);
            };
          } else break;
        }
      } finally {
        this.work.delete(name);
      }
    })();
    this.work.set(name, work);
    return work.done;
  }

  /** Stops refreshing and waits for refreshes under way. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.work.values()].map((work) => work.done));
  }

  /**
   * Loads zones not served yet with one read-only snapshot for all of them; each zone is then
   * served as `refresh` would (one at a time with any other refresh of it), and a zone the read
   * did not find active goes the single way.
   */
  private async refreshWhole(names: string[]): Promise<void> {
    const read = this.readWhole(names);
    // A failed read is logged by each zone's refresh, which then tries again on its own.
    read.catch(() => undefined);
    await Promise.all(
      names.map((name) =>
        this.refresh(name, async (n) => {
          const whole = (await read).get(n);
          if (whole && !this.served.has(n)) await this.serveWhole(whole.id, n, whole.records);
          else await this.refreshNow(n);
        }),
      ),
    );
  }

  /**
   * Brings served zones that are behind up to date with their journals read in one snapshot; a
   * zone whose journal does not take it to the serial read goes the single way (more rows, or a
   * whole load).
   */
  private async catchUp(names: string[]): Promise<void> {
    const read = this.readChanges(names);
    read.catch(() => undefined);
    await Promise.all(
      names.map((name) =>
        this.refresh(name, async (n) => {
          const behind = (await read).get(n);
          const zone = this.store.get(n);
          if (
            behind &&
            zone &&
            this.served.get(n) === behind.id &&
            behind.changes !== 'too many records' &&
            (await this.applyChanges(behind.id, zone, behind.changes)) > 0 &&
            zone.serial === behind.serial
          )
            return;
          await this.refreshNow(n);
        }),
      ),
    );
  }

  /** The journal of each named zone from the serial served on, by name, with the zone's id and serial. */
  private readChanges(names: string[]): Promise<Map<string, { id: string; serial: number; changes: StoredZoneChange[] | 'too many records' }>> {
    const from = names.flatMap((name) => {
      const id = this.served.get(name);
      const zone = this.store.get(name);
      return id && zone ? [{ name, id, serial: zone.serial }] : [];
    });
    return this.db.transaction(
      async (tx) => {
        const rows = await tx
          .select({ id: zones.id, name: zones.name, serial: zones.serial })
          .from(zones)
          .where(and(inArray(zones.name, names), eq(zones.status, 'active')));
        const result = new Map(rows.map((row) => [row.name, { id: row.id, serial: row.serial, changes: [] as StoredZoneChange[] | 'too many records' }]));
        if (from.length === 0) return result;
        // Each zone's rows from the one that made its served serial on, in commit order.
        const ids = `{${from.map((f) => f.id).join(',')}}`;
        const serials = `{${from.map((f) => f.serial).join(',')}}`;
        const changes = await tx
          .select({
            zoneId: zoneChanges.zoneId,
            previousSerial: zoneChanges.previousSerial,
            serial: zoneChanges.serial,
            // A change too big to apply in place is not read: the zone is then loaded whole.
            removed: sql<ZoneChangeRecord[] | null>`CASE WHEN ${bigChange} THEN NULL ELSE ${zoneChanges.removed} END`,
            added: sql<ZoneChangeRecord[] | null>`CASE WHEN ${bigChange} THEN NULL ELSE ${zoneChanges.added} END`,
          })
          .from(zoneChanges)
          .where(
            and(
              inArray(
                zoneChanges.zoneId,
                from.map((f) => f.id),
              ),
              sql`${zoneChanges.id} >= (select a.id from zone_changes a join unnest(${ids}::uuid[], ${serials}::bigint[]) as w(zone_id, serial)
                on a.zone_id = w.zone_id and a.serial = w.serial where a.zone_id = ${zoneChanges.zoneId})`,
            ),
          )
          .orderBy(zoneChanges.zoneId, zoneChanges.id);
        const byId = new Map(rows.map((row) => [row.id, result.get(row.name)!]));
        // The first row of each zone only shows where its journal starts: its records are served already.
        const records = new Map<string, number>();
        for (const { zoneId, removed, added, ...entry } of changes) {
          const behind = byId.get(zoneId);
          if (!behind || behind.changes === 'too many records') continue;
          if (behind.changes.length === 0) {
            behind.changes.push({ ...entry, removed: [], added: [] });
            continue;
          }
          const total = (records.get(zoneId) ?? 0) + (removed?.length ?? Infinity) + (added?.length ?? Infinity);
          records.set(zoneId, total);
          if (total > inPlaceChangeLimit) behind.changes = 'too many records';
          else behind.changes.push({ ...entry, removed: removed!, added: added! });
        }
        return result;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  private readWhole(names: string[]): Promise<Map<string, WholeRead>> {
    return this.db.transaction(
      async (tx) => {
        const rows = await tx
          .select({ id: zones.id, name: zones.name })
          .from(zones)
          .where(and(inArray(zones.name, names), eq(zones.status, 'active'), ne(zones.serial, 0)));
        const byId = new Map<string, WholeRead & { name: string }>(rows.map((row) => [row.id, { id: row.id, name: row.name, records: '[]' }]));
        if (byId.size === 0) return new Map<string, WholeRead>();
        for (const [zoneId, records] of await readRecords(tx, [...byId.keys()])) byId.get(zoneId)!.records = records;
        return new Map<string, WholeRead>([...byId.values()].map((whole) => [whole.name, whole]));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  private async refreshNow(name: string): Promise<void> {
    const servedId = this.served.get(name);
    const zone = this.store.get(name);
    if (zone && servedId) {
      // What every change notice comes to: the served zone's row and its journal, in one statement.
      const served = await readServedZone(this.db, name, servedId, zone.serial, changesPerRead);
      if (served === undefined || served.status !== 'active' || served.serial === 0) {
        await this.unserve(name, servedId);
        return;
      }
      if (served.id === servedId && served.changes !== 'too many records') {
        await this.catchUpServed(servedId, zone, served.serial, served.changes);
        return;
      }
      // Another zone under the name now, or changes too big to apply on this thread: read whole below.
    }
    // A zone not served (or another one under the name) is read whole. One snapshot: its row and
    // its records agree.
    const whole = await this.db.transaction(
      async (tx) => {
        const [row] = await tx.select({ id: zones.id, status: zones.status, serial: zones.serial }).from(zones).where(eq(zones.name, name));
        if (!row || row.status !== 'active' || row.serial === 0) return undefined;
        return { id: row.id, records: (await readRecords(tx, [row.id])).get(row.id) ?? '[]' };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (whole) await this.serveWhole(whole.id, name, whole.records);
    else if (servedId !== undefined) await this.unserve(name, servedId);
  }

  /** The change a notice carries, applied when it is the next one of the zone served; otherwise the zone is read. */
  private async applyNoticed(notice: ZoneChangeNotice, readable?: () => Promise<unknown>): Promise<void> {
    const zone = this.store.get(notice.zone);
    const id = this.served.get(notice.zone);
    const { previous_serial: previousSerial, removed, added } = notice.change!;
    // Served already: a read for an earlier notice brought it.
    if (zone && id === notice.zone_id && zone.serial === notice.serial) return;
    if (zone && id === notice.zone_id && zone.serial === previousSerial && removed.length + added.length <= inPlaceChangeLimit) {
      const result = await this.applyOne(id, zone, { previousSerial, serial: notice.serial, removed, added }, 'reading the zone');
      if (result === 'applied' || result === 'already') return;
    }
    await readable?.();
    await this.refreshNow(notice.zone);
  }

  /** Applies a served zone's changes read up to `serial`; reads on, or loads the zone whole, when they do not get it there. */
  private async catchUpServed(id: string, zone: Zone, serial: number, changes: StoredZoneChange[]): Promise<void> {
    // A replica behind the notices already applied (a read that could not wait, a sync): nothing newer to take.
    if (serialCompare(serial, zone.serial) <= 0) return;
    const applied = await this.applyChanges(id, zone, changes);
    if (applied === 0) {
      // Loaded whole by the next pass.
      this.served.delete(zone.name);
      await this.refreshNow(zone.name);
    } else if (zone.serial !== serial) {
      // More rows than one batch: go on from where the zone is now.
      await this.refreshNow(zone.name);
    }
  }

  private async unserve(name: string, id: string): Promise<void> {
    this.store.remove(name);
    this.served.delete(name);
    await this.emit({ type: 'removed', id, name });
  }

  /**
   * Applies zone changes that start at the served serial and returns how many applied; 0 when
   * they cannot be (the stored changes do not reach back, a row is missing or does not fit), so the
   * zone is loaded whole.
   */
  private async applyChanges(id: string, zone: Zone, changes: StoredZoneChange[]): Promise<number> {
    if (changes[0]?.serial !== zone.serial) {
      console.error(`dns: the journal of ${zone.name} no longer reaches serial ${zone.serial}; loading the zone whole`);
      return 0;
    }
    let applied = 0;
    for (const entry of changes.slice(1)) {
      const result = await this.applyOne(id, zone, entry, 'loading the zone whole');
      if (result !== 'applied' && result !== 'already') return 0;
      if (result === 'applied') applied++;
    }
    return applied;
  }

  /**
   * Applies one change to the served zone and tells the listeners; `broken` when it does not fit
   * the zone (logged, with `otherwise`: what the caller does instead).
   */
  private async applyOne(id: string, zone: Zone, entry: StoredZoneChange, otherwise: string): Promise<ApplyResult | 'unknown' | 'broken'> {
    let result;
    try {
      result = this.store.apply(zone.name, wireChange(entry));
    } catch (error) {
      console.error(`dns: the change of ${zone.name} to serial ${entry.serial} does not apply (${(error as Error).message}); ${otherwise}`);
      return 'broken';
    }
    if (result === 'applied') await this.emit({ type: 'changed', id, zone, change: entry });
    return result;
  }

  private async serveWhole(id: string, name: string, records: string): Promise<void> {
    const zone = this.builder && records.length >= this.buildBesideBytes ? new Zone(name, await this.builder.build(name, records)) : buildZone(name, records);
    await this.emit({ type: 'loaded', id, zone });
    const previous = this.served.get(name);
    // Known before the store tells its listeners, which may ask for the id (the node's other workers are told it).
    this.served.set(name, id);
    this.known.set(name, id);
    this.store.put(zone);
    // A zone deleted and created again under its name: the old one is gone.
    if (previous !== undefined && previous !== id) await this.emit({ type: 'removed', id: previous, name });
  }

  private async emit(event: ZoneEvent): Promise<void> {
    for (const listener of this.listeners) await listener(event);
  }
}

/** A journal row with more records than a served zone takes in place (`inPlaceChangeLimit`). */
const bigChange = sql`jsonb_array_length(${zoneChanges.removed}) + jsonb_array_length(${zoneChanges.added}) > ${inPlaceChangeLimit}`;

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

/**
 * The RRsets of each zone, by zone id, as one JSON text per zone (`RecordRow`s): a row per RRset cost a row object,
 * the driver's parser for its array of contents and the ORM's mapping each, and their garbage,
 * about a third of a profiled load of 20,000 zones (decision 041).
 */
async function readRecords(tx: Executor, zoneIds: string[]): Promise<Map<string, string>> {
  const result = await tx.execute(sql`
    SELECT zone_id, json_agg(json_build_array(name, type, ttl, contents))::text AS records
    FROM ${rrsets} WHERE ${inArray(rrsets.zoneId, zoneIds)} GROUP BY zone_id`);
  const rows = (result as { rows: { zone_id: string; records: string }[] }).rows;
  // Parsed where the zone is built (`serveWhole`): a big zone's text is parsed beside the answers.
  return new Map(rows.map((row) => [row.zone_id, row.records]));
}
