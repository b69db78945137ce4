import { readFile } from 'node:fs/promises';
import { DnsClass, readZoneFile, recordType, type ResourceRecord, typeCode, type ZoneRecord } from '@kaja/dns-model';
import { Zone } from './zone';

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
  const badLines = (errors: { line: number; message: string }[]) => new ZoneFileError(errors.map((e) => `${source}:${e.line}: ${e.message}`));
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

export async function loadZoneFile(name: string, path: string, extra: ResourceRecord[] = []): Promise<Zone> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new ZoneFileError([`${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`]);
  }
  return loadZoneText(name, text, path, extra);
}
