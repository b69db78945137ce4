import { readFile } from 'node:fs/promises';
import { DnsClass, parseZoneFile, recordType, type ResourceRecord, type ZoneRecord } from '@kaja/dns-model';
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
 */
export function loadZoneText(name: string, text: string, source = name, extra: ResourceRecord[] = []): Zone {
  const { records, errors } = parseZoneFile(text, { origin: name });
  if (errors.length > 0) throw new ZoneFileError(errors.map((e) => `${source}:${e.line}: ${e.message}`));
  try {
    return new Zone(name, wireRecords(records, extra));
  } catch (error) {
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

/** One record in wire form at a time, so the zone takes each before the next is made. */
function* wireRecords(records: readonly ZoneRecord[], extra: readonly ResourceRecord[]): Generator<ResourceRecord> {
  for (const record of records) yield wireRecord(record);
  yield* extra;
}
