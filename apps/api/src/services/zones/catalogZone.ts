import { and, eq } from '@kaja/db/orm';
import { customers, rrsets, zoneChanges, zones, type Executor } from '@kaja/db';
import { NS, parseZoneName, ttlProblem, typeCode, ValidationError } from '@kaja/dns-model';
import {
  catalogGroup,
  catalogMemberLabel,
  catalogMembers,
  catalogRrsets,
  catalogVersion,
  inTransaction,
  nextSerial,
  noticeOf,
  recordAudit,
  soaContent,
  sortKeyOf,
  zoneNameServers,
  type ZoneRow,
} from '@kaja/zone-writes';
import { sql } from '@kaja/db/orm';
import { ApiError, conflict, invalid, notFound } from '../../errors';
import type { Principal } from '../accounts/principal';
import type { ZoneContext } from '../context';
import { defaultZoneTtl, refuseTakenZoneName, requestZoneDeletion, type ZoneRegion } from './zones';

// A customer's catalog zone (RFC 9432): decision 058. Its records are written only by the
// platform (`syncCatalogZone`), its TSIG keys and secondaries are the zone's own, at
// /zones/{id}/tsig-keys and /zones/{id}/secondaries, and they stand for every zone it lists.

/** Where catalogs live when the customer names none: a name nobody can delegate or register (RFC 6761). */
export const defaultCatalogSuffix = 'catalog.invalid';

/** The product's name for a customer's catalog: unique on the platform, stable for the customer. */
export const defaultCatalogName = (customerId: string) => `${customerId.replaceAll('-', '')}.${defaultCatalogSuffix}`;

/**
 * The catalog lists every zone of the customer, so a key limited to some zones may neither see
 * nor change it (it would learn the names of the others).
 */
function requireWholeAccount(principal: Principal): void {
  if (principal.credential.kind === 'api_key' && principal.credential.apiKey.allowedZones) {
    throw new ApiError('forbidden', 'The catalog zone lists all your zones: use a credential that is not limited to some zones');
  }
}

async function findCatalogZone(executor: Executor, customerId: string): Promise<ZoneRow | undefined> {
  const [catalog] = await executor
    .select()
    .from(zones)
    .where(and(eq(zones.customerId, customerId), eq(zones.type, 'catalog')));
  return catalog;
}

/** The catalog as the API shows it: the zone, and what it lists with each member's id and group. */
async function presentCatalogZone(ctx: ZoneContext, executor: Executor, catalog: ZoneRow) {
  const members = await catalogMembers(executor, catalog.customerId);
  return {
    zone_id: catalog.id,
    name: catalog.name,
    region: catalog.region,
    status: catalog.status,
    serial: catalog.serial,
    version: catalogVersion,
    name_servers: zoneNameServers(ctx, catalog).map((server) => server.replace(/\.$/, '')),
    members:
      catalog.status === 'deleting'
        ? []
        : members.map((member) => ({
            zone_id: member.id,
            zone: member.name,
            member_id: catalogMemberLabel(member.id),
            group: catalogGroup(member.region),
          })),
    created_at: catalog.createdAt.toISOString(),
    updated_at: catalog.updatedAt.toISOString(),
  };
}

export async function getCatalogZone(ctx: ZoneContext, principal: Principal) {
  requireWholeAccount(principal);
  const catalog = await findCatalogZone(ctx.db, principal.customerId);
  if (!catalog) throw notFound('Catalog zone');
  return presentCatalogZone(ctx, ctx.db, catalog);
}

export interface CreateCatalogZoneInput {
  name?: string | undefined;
  region?: ZoneRegion | undefined;
  ttl?: number | undefined;
}

/**
 * Makes the customer's catalog zone, listing their active zones at once: SOA, the NS `invalid.`
 * RFC 9432 4.1 asks for, the version and the members, as one first change. One per customer.
 */
export async function createCatalogZone(ctx: ZoneContext, principal: Principal, input: CreateCatalogZoneInput) {
  requireWholeAccount(principal);
  let name = defaultCatalogName(principal.customerId);
  if (input.name !== undefined) {
    try {
      name = parseZoneName(input.name);
    } catch (error) {
      if (error instanceof ValidationError) throw invalid({ name: error.message });
      throw error;
    }
  }
  const ttl = input.ttl ?? defaultZoneTtl;
  const ttlMessage = ttlProblem(ttl);
  if (ttlMessage) throw invalid({ ttl: ttlMessage });

  return inTransaction(ctx, async (tx, after) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('kaja.zones.create'))`);
    const existing = await findCatalogZone(tx, principal.customerId);
    if (existing) {
      throw conflict(
        existing.status === 'deleting'
          ? 'Your previous catalog zone is still being deleted: try again in a minute'
          : `You already have a catalog zone, ${existing.name}: delete it first to make another`,
      );
    }
    await refuseTakenZoneName(tx, principal.customerId, name);
    const [customer] = await tx.select({ defaultRegion: customers.defaultRegion }).from(customers).where(eq(customers.id, principal.customerId));
    const region = input.region ?? customer!.defaultRegion;
    const serial = nextSerial(0);
    const members = await catalogMembers(tx, principal.customerId);
    const sets = catalogRrsets(name, ttl, members);
    const [catalog] = await tx
      .insert(zones)
      .values({ customerId: principal.customerId, name, type: 'catalog', region, ttl, serial, status: 'active', rrsetCount: 2 + sets.length })
      .returning();
    const soa = soaContent(name, zoneNameServers(ctx, catalog!), serial);
    const ns = NS.parse('invalid.', name);
    const rows = [
      { name, type: 'SOA', ttl, contents: [soa], managed: true },
      { name, type: 'NS', ttl, contents: [ns], managed: true },
      ...sets.map((set) => ({ ...set, managed: false })),
    ];
    await tx.insert(rrsets).values(rows.map((row) => ({ zoneId: catalog!.id, ...row, typeCode: typeCode(row.type), sortKey: sortKeyOf(row.name) })));
    await tx.insert(zoneChanges).values({
      zoneId: catalog!.id,
      previousSerial: 0,
      serial,
      source: 'system',
      actor: { type: principal.actor.type, user_id: principal.actor.userId, api_key_id: principal.actor.apiKeyId },
      removed: [],
      added: rows.flatMap((row) => row.contents.map((content) => ({ name: row.name, type: row.type, ttl: row.ttl, content }))),
    });
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'catalog_zone.created',
      targetType: 'zone',
      targetId: catalog!.id,
      summary: { name, region, members: members.length, serial },
    });
    after.publish(noticeOf(catalog!));
    return presentCatalogZone(ctx, tx, catalog!);
  });
}

/** Deletes the catalog zone as any zone is deleted: no longer served at once, its data removed by the job. */
export async function deleteCatalogZone(ctx: ZoneContext, principal: Principal) {
  requireWholeAccount(principal);
  const catalog = await findCatalogZone(ctx.db, principal.customerId);
  if (!catalog) throw notFound('Catalog zone');
  const deleting = await requestZoneDeletion(ctx, principal, catalog.id);
  return presentCatalogZone(ctx, ctx.db, deleting);
}
