import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { privateDirectory } from '@kaja/config';
import type { DatabaseKeySource } from '../databaseKeySource';
import { encodeZoneSnapshot, inspectZoneSnapshot, readZoneSnapshot, syncDirectory, writeFileSafely, type ZoneSnapshot } from './snapshotFile';
import type { ZoneLoader } from './zoneLoader';

export interface SnapshotOptions {
  /** The node's snapshot directory (DNS_SNAPSHOT_DIR); made 0700, it holds sealed keys. */
  dir: string;
  /** Keep it current: one process per node only (the others only read it at start). */
  write: boolean;
  /** How long changes gather before the changed zones are written (default 1 s). */
  debounceMs?: number;
}

const suffix = '.zone';

/**
 * What a DNS node serves, kept on its disk so that it can start while the database is away: one
 * file per zone (`<zone id>.zone`, `snapshotFile.ts`), written after every load and change of the
 * zone or its keys, gathered over `debounceMs`. Each file is replaced whole (temporary file,
 * fsync, rename, then one fsync of the directory per batch), so a crash leaves the old version or
 * the new, and each carries its zone's serial: the journal position to catch up from.
 */
export class ZoneSnapshots {
  private readonly dirty = new Set<string>();
  private readonly removed = new Set<string>();
  /** Per zone id, the serial and keys of the file on disk, so an unchanged zone is not written again. */
  private readonly written = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private readonly debounceMs: number;
  private closed = false;
  private pruning = false;
  /** What the files held at start is noted (`inventory`): writes wait for it. */
  private inventoried: Promise<void> | undefined;
  /** How long the last batch kept this thread busy encoding. */
  private encodingMs = 0;

  constructor(
    private readonly options: SnapshotOptions,
    private readonly loader: ZoneLoader,
    private readonly keys: DatabaseKeySource,
  ) {
    this.debounceMs = options.debounceMs ?? 1000;
    if (options.write) privateDirectory(options.dir);
  }

  /** The zones of the directory (`readZoneSnapshots`), which need not be written again. */
  async read(): Promise<ZoneSnapshot[]> {
    const snapshots = await readZoneSnapshots(this.options.dir);
    for (const { id, zone, keys } of snapshots) this.written.set(id, fingerprint(zone.serial, keys));
    return snapshots;
  }

  /**
   * The writer's start, beside the first load (the first write waits for it): notes what the files
   * hold (checked, not decoded), so a zone whose file is current is not written again, and removes
   * what a writer stopped between writing and renaming left.
   */
  private async inventory(): Promise<void> {
    for (const entry of await readdir(this.options.dir)) {
      const path = join(this.options.dir, entry);
      if (entry.includes(`${suffix}.tmp-`)) await unlink(path).catch(() => {});
      if (!entry.endsWith(suffix)) continue;
      try {
        const { id, serial, keys } = await inspectZoneSnapshot(path);
        if (`${id}${suffix}` === entry) this.written.set(id, fingerprint(serial, keys));
      } catch {
        // Not noted: written again if its zone is served, removed by `prune` if not.
      }
    }
  }

  /** After a load from the database: removes the files of zones not served (deleted while the node was away). */
  prune(): Promise<void> {
    // Only the writing process keeps the directory (the others may start before it exists).
    if (!this.options.write) return Promise.resolve();
    this.pruning = true;
    return this.flush();
  }

  /** Writes the snapshot of each zone as it is loaded, changed or its keys read, and removes it with the zone. */
  follow(): void {
    if (!this.options.write) return;
    this.inventoried = this.inventory().catch((error: Error) => console.error(`dns: could not read the snapshot directory: ${error.message}`));
    this.loader.onZone((event) => {
      if (event.type === 'removed') this.removed.add(event.id);
      else this.dirty.add(event.zone.name);
      this.schedule();
    });
    this.keys.onRead((zone) => {
      this.dirty.add(zone);
      this.schedule();
    });
  }

  /** Writes what changed now (one batch at a time). */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    clearTimeout(this.timer);
    this.timer = undefined;
    // A snapshot that cannot be written never stops the node from answering: it says so and tries again later.
    this.writing = this.write()
      .catch((error: Error) => console.error(`dns: could not write the snapshot: ${error.message}`))
      .finally(() => (this.writing = undefined));
    return this.writing;
  }

  /** Writes what is left and stops. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    // Encoding runs on the thread that answers: big zones changing often are written less often,
    // so that it takes at most about a tenth of the thread's time.
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        void this.flush();
      },
      Math.max(this.debounceMs, 10 * this.encodingMs),
    );
    this.timer.unref();
  }

  private async write(): Promise<void> {
    await this.inventoried;
    const names = [...this.dirty];
    const removed = [...this.removed];
    this.dirty.clear();
    this.removed.clear();
    let touched = false;
    this.encodingMs = 0;
    for (const name of names) {
      const id = this.loader.servedId(name);
      const zone = this.loader.store.get(name);
      if (!id || !zone) continue;
      // Its keys not read yet: written once they are (`onRead`), never without them.
      const read = this.keys.sealedKeys(name);
      if (!read) continue;
      const { keys } = read;
      const current = fingerprint(zone.serial, keys);
      if (this.written.get(id) === current) continue;
      try {
        const started = performance.now();
        const file = encodeZoneSnapshot({ id, zone, keys });
        this.encodingMs += performance.now() - started;
        await writeFileSafely(this.path(id), file);
        this.written.set(id, current);
        touched = true;
      } catch (error) {
        console.error(`dns: could not write the snapshot of ${name}: ${(error as Error).message}`);
        this.dirty.add(name);
      }
    }
    for (const id of removed) {
      // The zone may be served again under this id (disabled, then enabled).
      if ([...this.loader.store.names()].some((name) => this.loader.servedId(name) === id)) continue;
      this.written.delete(id);
      await unlink(this.path(id)).then(
        () => (touched = true),
        () => {},
      );
    }
    if (this.pruning) {
      this.pruning = false;
      const served = new Set([...this.loader.store.names()].map((name) => this.loader.servedId(name)));
      for (const entry of await readdir(this.options.dir)) {
        const id = entry.slice(0, -suffix.length);
        if (!entry.endsWith(suffix) || served.has(id)) continue;
        this.written.delete(id);
        await unlink(join(this.options.dir, entry)).then(
          () => (touched = true),
          () => {},
        );
      }
    }
    if (touched) await syncDirectory(this.options.dir).catch((error: Error) => console.error(`dns: could not flush the snapshot directory: ${error.message}`));
    if (this.dirty.size > 0) this.schedule();
  }

  private path(id: string): string {
    return join(this.options.dir, `${id}${suffix}`);
  }
}

const fingerprint = (serial: number, keys: unknown) => `${serial} ${JSON.stringify(keys ?? null)}`;

/**
 * Every zone file of a snapshot directory that reads whole; the others are reported and left for
 * the database to replace (a torn file cannot exist, but a disk can fail and versions change).
 */
export async function readZoneSnapshots(dir: string): Promise<ZoneSnapshot[]> {
  const snapshots: ZoneSnapshot[] = [];
  for (const entry of await readdir(dir)) {
    if (!entry.endsWith(suffix)) continue;
    try {
      const snapshot = await readZoneSnapshot(join(dir, entry));
      if (`${snapshot.id}${suffix}` !== entry) throw new Error(`it holds the zone ${snapshot.id}`);
      snapshots.push(snapshot);
    } catch (error) {
      console.error(`dns: ignored the snapshot file ${entry}: ${(error as Error).message}`);
    }
  }
  return snapshots;
}
