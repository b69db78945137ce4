import { DNSSEC_MANAGED_TYPES, groupRecords, parseRrsetInput, parseZoneFile, writeZoneFile, type Rrset } from '@kaja/dns-model';
import { parseDocument, stringify } from 'yaml';
import { usageError } from './exitCodes';

/**
 * A zone as code: the customer's record sets (never the platform's SOA, apex NS and DNSSEC sets),
 * names relative to the zone (`@` for the apex), values in the record model's canonical form.
 */
export interface ZoneDocument {
  zone: string;
  sets: Rrset[];
}

export type DocumentFormat = 'yaml' | 'zone';

/** Owner names as the YAML shows them: `@`, or relative to the zone. */
const relative = (name: string, zone: string) => (name === zone ? '@' : name.endsWith(`.${zone}`) ? name.slice(0, -zone.length - 1) : `${name}.`);

/** The YAML file of `kaja zone pull`: one entry per set, sorted as the API lists them. */
export function writeYaml(document: ZoneDocument, serial: number): string {
  const records = document.sets.map((set) => ({ name: relative(set.name, document.zone), type: set.type, ttl: set.ttl, values: set.contents }));
  return `# Kaja DNS zone ${document.zone}, pulled at serial ${serial}. \`kaja zone push\` makes the zone match this file.\n${stringify({ zone: document.zone, records })}`;
}

/** The zone file of `kaja zone pull --format zone`: the customer's sets only, as `writeYaml` has them. */
export function writeZoneText(document: ZoneDocument): string {
  const records = document.sets.flatMap((set) => set.contents.map((content) => ({ name: set.name, type: set.type, ttl: set.ttl, content })));
  return writeZoneFile(records, { origin: document.zone });
}

/** Whether a set is the platform's, whatever a file says: SOA, the apex NS and the DNSSEC sets. */
export const isPlatformSet = (zone: string, set: { name: string; type: string }) =>
  set.type === 'SOA' || DNSSEC_MANAGED_TYPES.has(set.type) || (set.type === 'NS' && set.name === zone);

/**
 * Reads every set through the record model (`parseRrsetInput`: names, types, canonical values,
 * TTLs), so that a file and the API's sets compare value by value. All problems are reported at once.
 */
function checkedSets(
  zone: string,
  inputs: { where: string; input: { name?: unknown; type?: unknown; ttl?: unknown; content?: unknown } }[],
  defaultTtl: number,
): Rrset[] {
  const problems: string[] = [];
  const sets = new Map<string, Rrset>();
  for (const { where, input } of inputs) {
    const parsed = parseRrsetInput(input, zone, { defaultTtl });
    if (!parsed.ok) {
      problems.push(
        `${where}: ${Object.entries(parsed.errors)
          .map(([field, message]) => `${field}: ${message}`)
          .join('; ')}`,
      );
      continue;
    }
    const key = `${parsed.rrset.name} ${parsed.rrset.type}`;
    if (sets.has(key)) problems.push(`${where}: ${parsed.rrset.name} ${parsed.rrset.type} is listed twice; give all its values in one entry`);
    sets.set(key, { ...parsed.rrset, contents: [...new Set(parsed.rrset.contents)].sort() });
  }
  if (problems.length > 0) throw usageError(`The file has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n  ${problems.join('\n  ')}`);
  return [...sets.values()];
}

/** A pulled (or hand-written) YAML file. */
export function readYaml(text: string, defaultTtl = 3600): ZoneDocument {
  const parsed = parseDocument(text);
  if (parsed.errors.length > 0) throw usageError(`The YAML does not parse: ${parsed.errors[0]!.message}`);
  const body = parsed.toJS() as { zone?: unknown; records?: unknown } | null;
  if (!body || typeof body.zone !== 'string' || body.zone === '') throw usageError('The file needs `zone: <name>`');
  const zone = body.zone.toLowerCase().replace(/\.$/, '');
  const records = body.records ?? [];
  if (!Array.isArray(records)) throw usageError('`records` must be a list of sets (name, type, ttl, values)');
  const inputs = records.map((entry: unknown, i) => {
    const set = (entry && typeof entry === 'object' ? entry : {}) as Record<string, unknown>;
    const unknownKeys = Object.keys(set).filter((key) => !['name', 'type', 'ttl', 'values'].includes(key));
    const where = `records[${i}]`;
    if (unknownKeys.length > 0) throw usageError(`${where}: unknown field ${unknownKeys[0]} (name, type, ttl, values)`);
    // YAML reads a bare number as one: a value is its text.
    const values = Array.isArray(set.values) ? (set.values as unknown[]).map((value) => (typeof value === 'number' ? String(value) : value)) : set.values;
    return { where, input: { name: set.name ?? '@', type: set.type, ttl: set.ttl, content: values } };
  });
  return { zone, sets: checkedSets(zone, inputs, defaultTtl) };
}

/** An RFC 1035 zone file for `zone`: its SOA, apex NS and DNSSEC records are the platform's and left out, as an import does. */
export function readZoneText(text: string, zone: string, defaultTtl = 3600): ZoneDocument {
  const name = zone.toLowerCase().replace(/\.$/, '');
  const parsed = parseZoneFile(text, { origin: name, defaultTtl, maxErrors: 20 });
  if (parsed.errorCount > 0) {
    throw usageError(
      `The zone file has ${parsed.errorCount} bad line${parsed.errorCount === 1 ? '' : 's'}:\n  ${parsed.errors.map((error) => `line ${error.line}: ${error.message}`).join('\n  ')}`,
    );
  }
  const grouped = groupRecords(parsed.records.filter((record) => !isPlatformSet(name, record)));
  if (grouped.problems.length > 0) throw usageError(grouped.problems.map((problem) => `${problem.name} ${problem.type}: ${problem.message}`).join('\n'));
  const inputs = grouped.rrsets.map((set) => ({
    where: `${set.name} ${set.type}`,
    input: { name: `${set.name}.`, type: set.type, ttl: set.ttl, content: set.contents },
  }));
  return { zone: name, sets: checkedSets(name, inputs, defaultTtl) };
}
