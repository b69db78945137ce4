import { and, eq, ilike, inArray, or, sql, type SQL } from '@kaja/db/orm';
import { rrsets } from '@kaja/db';
import { recordType, ValidationError } from '@kaja/dns-model';
import type { ZoneRow } from '@kaja/zone-writes';
import { invalid } from '../../errors';
import { containing } from '../likePattern';
import { ownerParam, typeParam } from './recordEdits';

/** The filters of GET /zones/{id}/records (decision 059). */
export interface RecordFilters {
  /** Exactly this owner name: @, relative or full. */
  name?: string | undefined;
  /** Owner names containing this text, case-insensitive; `@` is the apex. */
  name_contains?: string | undefined;
  /** One type or several, comma-separated. */
  type?: string | undefined;
  /** Sets with a value whose presentation form contains this text, case-insensitive. */
  content_contains?: string | undefined;
}

/** The most types one filter names: more than any customer needs, few enough to keep the query small. */
const maxTypes = 20;

function typesParam(text: string): string[] {
  const types = [
    ...new Set(
      text
        .split(',')
        .map((type) => type.trim())
        .filter(Boolean),
    ),
  ];
  if (types.length === 0) throw invalid({ type: 'Name at least one record type' });
  if (types.length > maxTypes) throw invalid({ type: `Name at most ${maxTypes} record types` });
  return types.map((type) => typeParam(type, 'type'));
}

function nameCondition(text: string, zone: ZoneRow): SQL {
  const wanted = text.trim().toLowerCase();
  if (wanted === '@') return eq(rrsets.name, zone.name);
  // Names are kept absolute without the final dot: `www.example.com.` searches as `www.example.com`,
  // and any part of the relative name is a part of the absolute one.
  return ilike(rrsets.name, containing(wanted.replace(/\.$/, '')));
}

/**
 * A value the customer may type in another spelling than the stored, canonical one (an IPv6 address
 * written out in full, `2001:DB8:0::1`): also searched as the canonical form.
 */
function canonicalAddress(text: string, zone: ZoneRow): string | null {
  try {
    const canonical = recordType('AAAA').parse(text, zone.name);
    return canonical === text ? null : canonical;
  } catch (error) {
    if (error instanceof ValidationError) return null;
    throw error;
  }
}

function contentCondition(text: string, zone: ZoneRow): SQL {
  const wanted = text.trim();
  const spellings = [wanted, canonicalAddress(wanted, zone)].filter((spelling): spelling is string => spelling !== null);
  const matches = spellings.map((spelling) => sql`value ilike ${containing(spelling)}`);
  return sql`exists (select 1 from unnest(${rrsets.contents}) as value where ${or(...matches)})`;
}

/** The WHERE of a zone's record list: its sets, narrowed by each filter given (all of them must match). */
export function recordListWhere(zone: ZoneRow, filters: RecordFilters): { where: SQL; filtered: boolean } {
  const conditions: SQL[] = [];
  if (filters.name !== undefined) conditions.push(eq(rrsets.name, ownerParam(filters.name, zone.name, 'name')));
  if (filters.name_contains !== undefined) conditions.push(nameCondition(filters.name_contains, zone));
  if (filters.type !== undefined) conditions.push(inArray(rrsets.type, typesParam(filters.type)));
  if (filters.content_contains !== undefined) conditions.push(contentCondition(filters.content_contains, zone));
  return { where: and(eq(rrsets.zoneId, zone.id), ...conditions)!, filtered: conditions.length > 0 };
}
