import { readFile, stat } from 'node:fs/promises';
import { DnsClass, readZoneFile, recordType, type ResourceRecord, typeCode, type ZoneFileProblems, type ZoneRecord } from '@kaja/dns-model';
import { startModuleWorker } from '@kaja/module-worker';
import { batchRecords } from './recordBatch';
import { Zone, ZoneBuilding } from './zone';

/** A stored record (canonical presentation) in the wire form the answer path serves. */
export function wireRecord(record: ZoneRecord): ResourceRecord {
  const type = recordType(record.type);
  return { name: record.name, type: type.code, class: DnsClass.IN, ttl: record.ttl, rdata: type.toWire(record.content) };
}

/** A zone file that cannot be served: each problem as `FILE:LINE: reason` (or `FILE: reason` for the whole zone). */
export class ZoneFileError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/**
 * Builds a zone from an RFC 1035 zone-file text; every bad line is reported in one error. `extra`
 * records are served with the file's (the key sets of a zone signed in standalone mode).
 *
 * The zone takes each record as it is read, in the rdata reading made, so a big zone's records
 * are never all held at once; a file with bad lines is refused as if it were read before the
 * zone was built: its bad lines, not the zone's own refusal, are the error.
 */
export function loadZoneText(name: string, text: string, source = name, extra: ResourceRecord[] = []): Zone {
  const reading = readZoneFile(text, { origin: name, wire: true });
  const badLines = (errors: ZoneFileProblems['errors']) => zoneFileErrors(source, errors);
  let read = false;
  function* records(): Generator<ResourceRecord> {
    for (let next = reading.next(); ; next = reading.next()) {
      if (next.done) {
        read = true;
        if (next.value.errors.length > 0) throw badLines(next.value.errors);
        break;
      }
      const { name, type, ttl, rdata } = next.value;
      yield { name, type: typeCode(type), class: DnsClass.IN, ttl, rdata: rdata! };
    }
    yield* extra;
  }
  try {
    return new Zone(name, records());
  } catch (error) {
    if (error instanceof ZoneFileError) throw error;
    if (!read) {
      // The zone refused a record before the file's end: the rest of the file may hold bad lines.
      let next = reading.next();
      while (!next.done) next = reading.next();
      // A reader that failed itself (not a bad line) has nothing more to say: its failure is the error.
      if (next.value === undefined) throw error;
      if (next.value.errors.length > 0) throw badLines(next.value.errors);
    }
    throw new ZoneFileError([`${source}: ${(error as Error).message}`]);
  }
}

/** The bad lines of the file `source`, each as `FILE:LINE: reason`. */
function zoneFileErrors(source: string, errors: ZoneFileProblems['errors']): ZoneFileError {
  return new ZoneFileError(errors.map((e) => `${source}:${e.line}: ${e.message}`));
}

/**
 * Zone files from this size on are read in a thread of their own (`readInThread`). Below it the
 * thread's start (tens of milliseconds) would cost more than reading beside the build saves; a
 * file of 1,000,000 records is 28 MB.
 */
const READ_IN_THREAD_FROM = 4 * 1024 * 1024;

/**
 * Builds a zone from its zone file, as `loadZoneText` does: the same records, the same refusals.
 * A big file (`threadFrom` octets or more) is read by another thread while this one builds the
 * zone from the records read so far, so reading and building take a core each.
 */
export async function loadZoneFile(name: string, path: string, extra: ResourceRecord[] = [], { threadFrom = READ_IN_THREAD_FROM } = {}): Promise<Zone> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    throw unreadable(path, error as NodeJS.ErrnoException);
  }
  if (size >= threadFrom) return readInThread(name, path, extra);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw unreadable(path, error as NodeJS.ErrnoException);
  }
  return loadZoneText(name, text, path, extra);
}

function unreadable(path: string, { code, message }: { code?: string; message: string }): ZoneFileError {
  return new ZoneFileError([`${path}: ${code === 'ENOENT' ? 'no such file' : message}`]);
}

/** What the reader's thread (`zoneFileThread.ts`) sends: batches of records, then the file's bad lines, or why it could not read it. */
export interface ZoneFileRead {
  batch?: ArrayBuffer;
  problems?: ZoneFileProblems;
  unreadable?: { code?: string; message: string };
  /** The reader failed itself (not a bad line of the file). */
  failed?: string;
}

/**
 * The zone of the file at `path`, its records read in a thread and handed over in batches, each
 * taken in as it comes. The outcome is `loadZoneText`'s: a file with bad lines is refused with
 * them, even when the zone refused a record before them; otherwise the zone's refusal is the error.
 */
function readInThread(name: string, path: string, extra: ResourceRecord[]): Promise<Zone> {
  return new Promise((resolve, reject) => {
    // A small young generation: the reader's garbage (each line's words) lives a moment, and the
    // pages of a thread's heap stay with the process once it ends (V8 keeps them for later use).
    const thread = startModuleWorker(new URL('./zoneFileThread.ts', import.meta.url), {
      workerData: { path, origin: name },
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    // Let go of once settled: the thread's listeners outlive the load until it has ended, and the
    // building's arrays (tens of megabytes for a big zone) must not outlive the collection after it.
    let building: ZoneBuilding | undefined = new ZoneBuilding(name);
    let refusal: Error | undefined;
    const settle = (outcome: (building: ZoneBuilding) => Zone) => {
      if (!building) return;
      const built = building;
      building = undefined;
      let zone: Zone;
      try {
        zone = outcome(built);
      } catch (error) {
        const failure = error as Error;
        void thread.terminate().finally(() => reject(failure));
        return;
      }
      void thread.terminate().finally(() => resolve(zone));
    };
    const refused = (error: unknown) => new ZoneFileError([`${path}: ${(error as Error).message}`]);
    thread.on('message', (message: ZoneFileRead) => {
      if (!building) return;
      if (message.batch) {
        // After a refusal the rest is only read for its bad lines.
        if (!refusal) {
          try {
            for (const record of batchRecords(message.batch)) building.add(record);
          } catch (error) {
            refusal = error as Error;
          }
        }
        thread.postMessage('taken');
      } else if (message.problems) {
        const { errors } = message.problems;
        settle((built) => {
          if (errors.length > 0) throw zoneFileErrors(path, errors);
          if (refusal) throw refused(refusal);
          try {
            for (const record of extra) built.add(record);
            return new Zone(name, built);
          } catch (error) {
            throw refused(error);
          }
        });
      } else if (message.unreadable) {
        const { unreadable: why } = message;
        settle(() => {
          throw unreadable(path, why);
        });
      } else if (message.failed !== undefined) {
        const { failed } = message;
        settle(() => {
          throw new Error(failed);
        });
      }
    });
    thread.once('error', (error) =>
      settle(() => {
        throw error;
      }),
    );
    thread.once('exit', (code) =>
      settle(() => {
        throw new Error(`the zone file reader's thread ended (code ${code}) before ${path} was read`);
      }),
    );
  });
}
