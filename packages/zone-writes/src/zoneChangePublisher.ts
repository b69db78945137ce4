import { EventEmitter } from 'node:events';
import { sql, type SQL } from '@kaja/db/orm';
import { zoneChangesChannel, type ZoneChangeNotice } from '@kaja/db';

/** PostgreSQL refuses a notification payload of 8,000 bytes or more. */
const payloadLimit = 7999;

/** The notice as JSON, without the change of its records when that would not fit: nodes then read it. */
function payload(notice: ZoneChangeNotice): string {
  const text = JSON.stringify(notice);
  if (Buffer.byteLength(text) <= payloadLimit || !notice.change) return text;
  return JSON.stringify({ ...notice, change: undefined });
}

/**
 * The statement that has PostgreSQL deliver `notices` on `zone_changes`, in their order, when the
 * transaction it runs in commits (undefined for none): DNS nodes elsewhere hear of a change exactly
 * when it is there to be read, never of one rolled back, and in the order of the commits, which is
 * a zone's serial order. In one statement however many changes commit together (a zone's batch of
 * writes): one round trip, and a function scan yields the array's elements in their order.
 */
export function zoneChangeNotification(notices: readonly ZoneChangeNotice[]): SQL | undefined {
  if (notices.length === 0) return undefined;
  if (notices.length === 1) return sql`SELECT pg_notify(${zoneChangesChannel}, ${payload(notices[0]!)})`;
  return sql`SELECT pg_notify(${zoneChangesChannel}, notice) FROM jsonb_array_elements_text(${JSON.stringify(notices.map(payload))}::jsonb) AS notice`;
}

/**
 * Tells this process of zone changes it committed (a DNS server running in the same process, in
 * embedded mode), after the commit; PostgreSQL tells the other processes (`zoneChangeNotification`).
 */
export class ZoneChangePublisher {
  private readonly events = new EventEmitter();

  constructor(private readonly log: { error(object: unknown, message: string): void }) {
    this.events.setMaxListeners(0);
  }

  /** Calls `listener` with every change this process commits; returns the unsubscribe. */
  subscribe(listener: (notice: ZoneChangeNotice) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  /**
   * The notices of changes committed, in their serial order, to this process's listeners one by
   * one. Never throws: the changes are committed whatever a listener does with them.
   */
  announce(notices: readonly ZoneChangeNotice[]): void {
    for (const notice of notices) {
      try {
        this.events.emit('change', notice);
      } catch (error) {
        this.log.error({ err: error, notice }, 'zone change listener failed');
      }
    }
  }
}
