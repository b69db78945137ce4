import { queueRefresh } from '@kaja/zone-writes';
import { secondaryZones, zones, type Database } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import type { NotifyReceiver } from '../notifyIn';

/** How often the list of secondary zones and their primaries is read again. */
const reloadIntervalMs = 15_000;

/**
 * NOTIFY for the platform's secondary zones: the zones and their primaries' addresses, read from
 * the database in the background, so an answer never waits on it. A NOTIFY from a primary
 * brings the zone's refresh job forward (the API's job runners transfer the zone); the DNS server
 * does not wait for that either.
 */
export class SecondaryNotices implements NotifyReceiver {
  private zones = new Map<string, { id: string; primaries: Set<string> }>();
  private readonly timer: NodeJS.Timeout;
  private loading: Promise<void> | undefined;

  /** `db` is read (it may be a read replica); the refresh a NOTIFY brings forward is written to `primary`. */
  constructor(
    private readonly db: Database,
    private readonly primary: Database = db,
    private readonly log: (message: string) => void = (message) => console.error(`dns: ${message}`),
  ) {
    this.timer = setInterval(() => void this.load(), reloadIntervalMs);
    this.timer.unref();
  }

  /** Reads the secondary zones again (at start, periodically, and after a NOTIFY for a zone not known yet). */
  load(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await this.db
          .select({ id: zones.id, name: zones.name, status: zones.status, primaries: secondaryZones.primaries })
          .from(secondaryZones)
          .innerJoin(zones, eq(zones.id, secondaryZones.zoneId));
        this.zones = new Map(
          rows.filter((row) => row.status === 'active').map((row) => [row.name, { id: row.id, primaries: new Set(row.primaries.map((p) => p.address)) }]),
        );
      } catch (error) {
        this.log(`could not read the secondary zones: ${(error as Error).message}`);
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }

  accept(zone: string, client: string | null): boolean | undefined {
    const entry = this.zones.get(zone);
    if (!entry) {
      // Perhaps created since the last read: known by the primary's next try.
      void this.load();
      return undefined;
    }
    if (client === null || !entry.primaries.has(unmapped(client))) return false;
    queueRefresh(this.primary, entry.id, new Date()).catch((error: Error) =>
      this.log(`could not queue the refresh of ${zone} after a NOTIFY: ${error.message}`),
    );
    return true;
  }

  close(): void {
    clearInterval(this.timer);
  }
}

/** An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d; primaries are stored plain. */
function unmapped(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address.toLowerCase();
}
