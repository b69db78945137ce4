import { zoneChangesChannel, type DatabaseHandle, type ZoneChangeNotice } from '@kaja/db';
import { sql } from '@kaja/db/orm';
import type { ZoneLoader } from './zoneLoader';

/**
 * Where change announcements come from. Calls `onNotice` for each (with `readable` when a read the
 * notice leads to must first wait: a read replica catching up to it), `onLost` when it stops
 * hearing them (a broken connection), and `onBehind` when it knows notices were missed while it
 * still hears them (a gap in a relay's sequence: `full` false; the relay's own LISTEN lost:
 * `full` true), once what they announced is readable; resolves with the unsubscribe.
 */
export type NoticeSource = (
  onNotice: (notice: ZoneChangeNotice, readable?: () => Promise<unknown>) => void,
  onLost: (error: Error) => void,
  onBehind: (full: boolean) => void,
) => Promise<() => unknown>;

/** Announcements from an API in this process (`ZoneChangePublisher.subscribe`). */
export function inProcessNotices(subscribe: (listener: (notice: ZoneChangeNotice) => void) => () => void): NoticeSource {
  return async (onNotice) => subscribe(onNotice);
}

/**
 * Announcements through PostgreSQL: LISTEN on `zone_changes` on a connection of its own. With
 * `readable` (the node reads from a replica of `database`), a read a notice leads to first reads
 * the primary's WAL position (after the notice, so at or past its commit) and waits for it.
 */
export function databaseNotices(database: DatabaseHandle, readable?: (lsn: string) => Promise<unknown>): NoticeSource {
  const readableNow =
    readable &&
    (async () => {
      const result = await database.db.execute(sql`SELECT pg_current_wal_lsn()::text AS lsn`);
      const lsn = (result as { rows: { lsn: string }[] }).rows[0]?.lsn;
      if (lsn) await readable(lsn);
    });
  return (onNotice, onLost) =>
    database.listen(
      zoneChangesChannel,
      (payload) => {
        const notice = parseNotice(payload);
        if (notice) onNotice(notice, readableNow);
        else console.error(`dns: ignored a malformed zone change notice: ${payload.slice(0, 200)}`);
      },
      onLost,
    );
}

export interface ZoneChangeFollowerOptions {
  /** How often the zones are compared with the database. */
  syncIntervalMs: number;
  /**
   * How often that comparison takes every zone (0, the default: each time). Between, a periodic
   * sync reads the newest journal id, stops there when it is the one applied last (`position`),
   * and otherwise compares only the zones with journal rows past it: its cost follows the changes.
   * Every sync after a reconnect or a lost relay LISTEN takes every zone.
   */
  fullSyncIntervalMs: number;
  /** First wait before subscribing again after a lost connection; doubles up to 30 s. */
  retryMs: number;
}

export const defaultFollowerOptions: ZoneChangeFollowerOptions = { syncIntervalMs: 5000, fullSyncIntervalMs: 0, retryMs: 500 };

/**
 * Keeps the loader's zones live: each announcement refreshes its zone at once, and a periodic sync
 * (plus one after every reconnect) catches up whatever was missed, so a lost notice costs at most
 * one sync interval.
 */
export class ZoneChangeFollower {
  private readonly unsubscribes: (() => unknown)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  /** A sync asked for while one runs: it may have read before what it is asked for. */
  private queued: Promise<void> | undefined;
  /** The next sync takes every zone. */
  private fullDue = true;
  /** When the last sync of every zone that left each one current began. */
  private fullAt = 0;
  private stopped = false;
  private failing = false;
  private readonly options: ZoneChangeFollowerOptions;
  /** Every zone change up to this id was served at the last complete sync (the node's heartbeat reports it). */
  position = 0;

  constructor(
    private readonly loader: ZoneLoader,
    private readonly sources: NoticeSource[],
    options: Partial<ZoneChangeFollowerOptions> = {},
  ) {
    this.options = { ...defaultFollowerOptions, ...options };
  }

  /**
   * Subscribes, then loads every zone (so no change between the two is missed), then syncs
   * periodically. Throws when the database cannot be reached, subscribed to nothing.
   */
  async start(): Promise<void> {
    try {
      for (const source of this.sources) await this.subscribe(source);
      await this.syncFromHead();
    } catch (error) {
      for (const unsubscribe of this.unsubscribes.splice(0)) await Promise.resolve(unsubscribe()).catch(() => {});
      throw error;
    }
    this.schedule();
  }

  /**
   * `start` for a node serving what it kept (its snapshot) while the database is away: tries again
   * with a doubling wait (up to 30 s) until it works, then calls `onStarted`; the first sync then
   * catches every zone up from its serial.
   */
  startWhenReachable(onStarted: () => void, waitMs = this.options.retryMs): void {
    const retry = setTimeout(() => {
      if (this.stopped) return;
      this.start().then(
        () => {
          if (this.stopped) {
            for (const unsubscribe of this.unsubscribes.splice(0)) void unsubscribe();
            return;
          }
          console.error('dns: the database answers again; caught up with it');
          onStarted();
        },
        () => this.startWhenReachable(onStarted, Math.min(waitMs * 2, 30_000)),
      );
    }, waitMs);
    retry.unref();
    this.retry = retry;
  }

  /**
   * Compares the zones with the database now (one sync at a time; asked for while one runs, it
   * runs again after it): those changed since `position`, or every zone when `full`, when the
   * last full one is `fullSyncIntervalMs` old, or when the last one failed.
   */
  sync(full = false): Promise<void> {
    if (full) this.fullDue = true;
    if (this.syncing) {
      this.queued ??= this.syncing.then(() => {
        this.queued = undefined;
        return this.stopped ? undefined : this.sync();
      });
      return this.queued;
    }
    this.syncing = this.syncFromHead()
      .then(
        () => {
          if (this.failing) console.error('dns: the database answers again');
          this.failing = false;
        },
        (error: Error) => {
          if (!this.failing) console.error(`dns: could not compare the zones with the database: ${error.message}`);
          this.failing = true;
        },
      )
      .finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.retry);
    for (const unsubscribe of this.unsubscribes.splice(0)) await unsubscribe();
    await this.syncing;
  }

  private async syncFromHead(): Promise<void> {
    const started = Date.now();
    const full = this.fullDue || started - this.fullAt >= this.options.fullSyncIntervalMs;
    // Due again until one succeeds: a failed full sync is not replaced by a partial one.
    if (full) this.fullDue = true;
    const head = await this.loader.journalHead();
    let complete: boolean;
    if (full) complete = await this.loader.sync();
    else if (head === this.position) {
      this.loader.markSynced(started);
      complete = true;
    } else complete = await this.loader.syncChangedSince(this.position);
    if (!complete) return;
    if (full) {
      this.fullDue = false;
      this.fullAt = started;
    }
    this.position = Math.max(this.position, head);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.sync().then(() => this.schedule()), this.options.syncIntervalMs);
    this.timer.unref();
  }

  private async subscribe(source: NoticeSource): Promise<void> {
    let unsubscribe: (() => unknown) | undefined;
    // Not a const: the error callback may run before `source` resolves, while `unsubscribe` is unset.
    // eslint-disable-next-line prefer-const
    unsubscribe = await source(
      (notice, readable) => {
        if (!this.stopped) this.loader.noticed(notice, readable);
      },
      (error) => {
        const at = unsubscribe ? this.unsubscribes.indexOf(unsubscribe) : -1;
        if (at >= 0) this.unsubscribes.splice(at, 1);
        if (this.stopped) return;
        console.error(`dns: lost the zone change notifications (${error.message}); subscribing again`);
        void this.resubscribe(source, this.options.retryMs);
      },
      (full) => {
        if (!this.stopped) void this.sync(full);
      },
    );
    this.unsubscribes.push(unsubscribe);
  }

  /** Subscribes again until it works, then catches up on what was announced meanwhile. */
  private async resubscribe(source: NoticeSource, waitMs: number): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
    if (this.stopped) return;
    try {
      await this.subscribe(source);
    } catch (error) {
      console.error(`dns: could not subscribe to zone change notifications: ${(error as Error).message}`);
      return this.resubscribe(source, Math.min(waitMs * 2, 30_000));
    }
    await this.sync(true);
  }
}

function parseNotice(payload: string): ZoneChangeNotice | undefined {
  try {
    const notice = JSON.parse(payload) as Partial<ZoneChangeNotice>;
    if (typeof notice.zone === 'string' && typeof notice.zone_id === 'string' && typeof notice.serial === 'number' && typeof notice.status === 'string') {
      return notice as ZoneChangeNotice;
    }
  } catch {
    // Reported by the caller.
  }
  return undefined;
}
