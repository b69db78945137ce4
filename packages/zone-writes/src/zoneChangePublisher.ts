import { EventEmitter } from 'node:events';
import { sql } from '@kaja/db/orm';
import { zoneChangesChannel, type Database, type ZoneChangeNotice } from '@kaja/db';

/** PostgreSQL refuses a notification payload of 8,000 bytes or more. */
const payloadLimit = 7999;

/** The notice as JSON, without the change of its records when that would not fit: nodes then read it. */
function payload(notice: ZoneChangeNotice): string {
  const text = JSON.stringify(notice);
  if (Buffer.byteLength(text) <= payloadLimit || !notice.change) return text;
  return JSON.stringify({ ...notice, change: undefined });
}

/**
 * Announces committed zone changes, after the commit, in one place: an in-process event for a DNS
 * server running in the same process (embedded mode) and a PostgreSQL notification on
 * `zone_changes` for DNS nodes elsewhere. A lost notice costs only freshness: DNS nodes also catch
 * up from the zone changes by serial.
 */
export class ZoneChangePublisher {
  private readonly events = new EventEmitter();

  constructor(
    private readonly db: Database,
    private readonly log: { error(object: unknown, message: string): void },
  ) {
    this.events.setMaxListeners(0);
  }

  /** Calls `listener` with every change this process commits; returns the unsubscribe. */
  subscribe(listener: (notice: ZoneChangeNotice) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  /** Never throws: the change is committed whatever happens to its announcement. */
  publish(notice: ZoneChangeNotice): Promise<void> {
    return this.publishAll([notice]);
  }

  /**
   * The notices of changes committed together (a zone's batch of writes), in their serial order:
   * in the process one by one, to PostgreSQL in one statement (one round trip, not one each), which
   * delivers them in that order. Never throws, as `publish`.
   */
  async publishAll(notices: readonly ZoneChangeNotice[]): Promise<void> {
    if (notices.length === 0) return;
    for (const notice of notices) {
      try {
        this.events.emit('change', notice);
      } catch (error) {
        this.log.error({ err: error, notice }, 'zone change listener failed');
      }
    }
    try {
      if (notices.length === 1) await this.db.execute(sql`SELECT pg_notify(${zoneChangesChannel}, ${payload(notices[0]!)})`);
      // A function scan yields the array's elements in their order.
      else
        await this.db.execute(
          sql`SELECT pg_notify(${zoneChangesChannel}, notice) FROM jsonb_array_elements_text(${JSON.stringify(notices.map(payload))}::jsonb) AS notice`,
        );
    } catch (error) {
      this.log.error({ err: error, notices }, 'zone change notification failed');
    }
  }
}
