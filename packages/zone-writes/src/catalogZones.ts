import { and, asc, eq, ne } from '@kaja/db/orm';
import { zones, type Executor, type ZoneRegionColumn } from '@kaja/db';
import { recordType, type Rrset } from '@kaja/dns-model';
import type { AfterCommit } from './afterCommit';
import type { Actor } from './audit';
import type { WriteContext } from './context';
import { noticeOf, zoneNameServers } from './editZone';
import { planChanges, type SetChange } from './planChanges';
import { writeChanges } from './writeChanges';
import { isManagedSet, loadSets, setKey, type ZoneRow } from './zoneSets';

// A customer's catalog zone (RFC 9432, decision 058): the list of their zones that their own
// secondaries (Knot's `catalog-role: interpret`, BIND's `catalog-zones`) configure themselves from.

/** The catalog zone schema version written (RFC 9432 3). */
export const catalogVersion = '2' as const;

/** A zone the catalog lists. */
export interface CatalogMember {
  id: string;
  name: string;
  region: ZoneRegionColumn;
}

/**
 * The member's unique id (RFC 9432 4.1): the zone's id in 32 hex digits. It never changes while
 * the zone exists, and a zone deleted and made again under its name gets a new one, which tells
 * consumers to drop what they held of the old zone (RFC 9432 5.3 and 5.4).
 */
export const catalogMemberLabel = (zoneId: string) => zoneId.replaceAll('-', '').toLowerCase();

/**
 * The member's group property (RFC 9432 4.4.2): its network, `eu`, `global` or `eu-global`, since
 * which of our name servers a secondary transfers from is what differs between zones.
 */
export const catalogGroup = (region: ZoneRegionColumn) => catalogGroups[region];

const catalogGroups = { EU: 'eu', GLOBAL: 'global', EU_GLOBAL: 'eu-global' } as const satisfies Record<ZoneRegionColumn, string>;

/**
 * The catalog's sets besides its SOA and NS: the version, and per member its PTR to the zone and
 * its group, under `zones.` (RFC 9432 4.1).
 */
export function catalogRrsets(catalog: string, ttl: number, members: readonly CatalogMember[]): Rrset[] {
  const txt = recordType('TXT');
  const ptr = recordType('PTR');
  const sets: Rrset[] = [{ name: `version.${catalog}`, type: 'TXT', ttl, contents: [txt.parse(`"${catalogVersion}"`, catalog)] }];
  for (const member of members) {
    const owner = `${catalogMemberLabel(member.id)}.zones.${catalog}`;
    sets.push({ name: owner, type: 'PTR', ttl, contents: [ptr.parse(`${member.name}.`, catalog)] });
    sets.push({ name: `group.${owner}`, type: 'TXT', ttl, contents: [txt.parse(`"${catalogGroup(member.region)}"`, catalog)] });
  }
  return sets;
}

/** The customer's catalog zone, locked for a change; undefined when they have none (or it is being deleted). */
async function lockCatalogZone(tx: Executor, customerId: string): Promise<ZoneRow | undefined> {
  const [catalog] = await tx
    .select()
    .from(zones)
    .where(and(eq(zones.customerId, customerId), eq(zones.type, 'catalog')))
    .for('update');
  return catalog && catalog.status !== 'deleting' ? catalog : undefined;
}

/** The zones a catalog lists: the customer's served zones (active), primary and secondary. */
export async function catalogMembers(tx: Executor, customerId: string): Promise<CatalogMember[]> {
  return tx
    .select({ id: zones.id, name: zones.name, region: zones.region })
    .from(zones)
    .where(and(eq(zones.customerId, customerId), ne(zones.type, 'catalog'), eq(zones.status, 'active')))
    .orderBy(asc(zones.name));
}

/**
 * Brings the customer's catalog zone (if they have one) in line with their zones, in the caller's
 * transaction: the members added and removed as one change (a new serial, a journal row that IXFR
 * serves, NOTIFY to the catalog's secondaries after the commit). Called by every writer that makes,
 * deletes, enables or disables a zone, after its own change in `tx`. Nothing when nothing differs.
 */
export async function syncCatalogZone(
  tx: Executor,
  ctx: Pick<WriteContext, 'config'>,
  after: Pick<AfterCommit, 'publish'>,
  customerId: string,
  actor: Actor,
): Promise<{ serial: number } | undefined> {
  const catalog = await lockCatalogZone(tx, customerId);
  if (!catalog) return undefined;
  const members = await catalogMembers(tx, customerId);
  const sets = await loadSets(tx, catalog.id);
  const wanted = new Map(catalogRrsets(catalog.name, catalog.ttl, members).map((set) => [setKey(set.name, set.type), set]));
  const changes: SetChange[] = [];
  for (const set of wanted.values()) changes.push({ name: set.name, type: set.type, next: set, path: '' });
  for (const [key, row] of sets) {
    if (!wanted.has(key) && !isManagedSet(catalog.name, row.name, row.type)) changes.push({ name: row.name, type: row.type, next: null, path: '' });
  }
  const state = { zone: catalog, sets };
  const diffs = planChanges(null, state, changes, { system: true });
  if (diffs.length === 0) return { serial: catalog.serial };
  const added = diffs.filter((diff) => diff.type === 'PTR' && diff.added.length > 0).flatMap((diff) => diff.added);
  const removed = diffs.filter((diff) => diff.type === 'PTR' && diff.removed.length > 0).flatMap((diff) => diff.removed);
  const { serial, change } = await writeChanges(tx, state, changes, diffs, {
    source: 'system',
    action: 'catalog_zone.updated',
    summary: { members_added: added, members_removed: removed },
    system: true,
    actor,
    nameServers: zoneNameServers(ctx, catalog),
  });
  after.publish(noticeOf({ ...catalog, serial }, catalog.status, change));
  return { serial };
}
