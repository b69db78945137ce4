import { readFile } from 'node:fs/promises';
import { DnsClass, parseZoneFile, recordType, type ResourceRecord, type ZoneRecord } from '@kaja/dns-model';
import { Zone } from './zone';

/** A stored record (canonical presentation) in the wire form the answer path serves. */
export function wireRecord(record: ZoneRecord): ResourceRecord {
  const type = recordType(record.type);
  return { name: record.name, type: type.code, class: DnsClass.IN, ttl: record.ttl, rdata: type.toWire(record.content) };
}

/**
 * Builds a zone from an RFC 1035 zone-file text; every bad line is reported in one error. `extra`
 * records are served with the file's (the key sets of a zone signed in standalone mode).
 */
export function loadZoneText(name: string, text: string, source = name, extra: ResourceRecord[] = []): Zone {
  const { records, errors } = parseZoneFile(text, { origin: name });
  if (errors.length > 0) {
    throw new Error(`${source}: ${errors.map((e) => `line ${e.line}: ${e.message}`).join('; ')}`);
  }
  return new Zone(name, [...records.map(wireRecord), ...extra]);
}

export async function loadZoneFile(name: string, path: string, extra: ResourceRecord[] = []): Promise<Zone> {
  return loadZoneText(name, await readFile(path, 'utf8'), path, extra);
}
