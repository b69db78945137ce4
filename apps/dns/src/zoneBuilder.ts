import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '@kaja/module-worker';
import { Zone, type SharedZone } from './zone';
import { wireRecord } from './zoneFile';

/** An RRset as stored: owner name, type, TTL and each record's content in presentation form. */
export type RecordRow = [name: string, type: string, ttl: number, contents: string[]];

/**
 * Record sets, as the JSON text the database gives them in, that a zone is built from beside the
 * answers (`ZoneBuilder`) rather than on the thread that answers: at 2 MB (some 40,000 records)
 * reading and building take hundreds of milliseconds, which no DNS answer should wait for.
 */
export const buildBesideBytes = 2 * 1024 * 1024;

/** The zone the rows of `text` make (on whichever thread calls it). */
export function buildZone(name: string, text: string): Zone {
  return new Zone(name, wireRecords(JSON.parse(text) as RecordRow[]));
}

function* wireRecords(rows: RecordRow[]) {
  for (const [name, type, ttl, contents] of rows) {
    for (const content of contents) yield wireRecord({ name, type, ttl, content });
  }
}

type Reply = { id: number; shared: SharedZone } | { id: number; error: string };

/**
 * Builds zones on a thread of its own and hands back their images in shared memory: the answering
 * thread only wraps them (`new Zone(name, shared)`) and swaps the zone in. Reading the JSON, making
 * the records' wire form, building and packing the image, and the garbage of all that, happen on
 * the builder's thread and heap. The thread starts on the first build and does not keep the
 * process alive; one that dies fails the builds it had, and the next build starts another.
 */
export class ZoneBuilder {
  /** Zones built on the thread so far. */
  built = 0;
  private worker: Worker | undefined;
  private readonly pending = new Map<number, { resolve(shared: SharedZone): void; reject(error: Error): void }>();
  private nextId = 1;

  build(name: string, text: string): Promise<SharedZone> {
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, name, text });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = startModuleWorker(new URL('./zoneBuilderThread.ts', import.meta.url));
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if ('error' in reply) waiting?.reject(new Error(reply.error));
      else {
        this.built++;
        waiting?.resolve(reply.shared);
      }
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the zone builder thread stopped (exit code ${code})`)));
    return worker;
  }
}
