import { and, count, desc, eq, inArray, like, or, sql, type SQL } from '@kaja/db/orm';
import { auditEvents, zones } from '@kaja/db';
import type { Pagination } from '../../schemas/common';
import type { ServiceContext } from '../context';
import { type ActorNames, nameActors } from '../accounts/actorNames';
import type { Principal } from '../accounts/principal';

type AuditRow = typeof auditEvents.$inferSelect;

const actorIds = (event: AuditRow) => ({ user_id: event.actorUserId, api_key_id: event.actorApiKeyId });

const presentAuditEvent = (event: AuditRow, names: ActorNames) => ({
  id: event.id,
  customer_id: event.customerId,
  actor: { type: event.actorType, ...actorIds(event), api_key_created_by: event.actorKeyCreatedBy, ...names },
  action: event.action,
  target: { type: event.targetType, id: event.targetId },
  summary: event.summary,
  ip: event.ip,
  created_at: event.createdAt.toISOString(),
});

export interface AuditFilters {
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
  customer_id?: string | undefined;
}

/**
 * Events about these zones only (a key limited to some zones sees nothing else): the zone itself,
 * and whatever names the zone in its summary (records, TSIG keys, secondaries, DNSSEC).
 */
async function aboutZones(ctx: ServiceContext, customerId: string, names: string[]): Promise<SQL> {
  if (names.length === 0) return sql`false`;
  const ids = (
    await ctx.db
      .select({ id: zones.id })
      .from(zones)
      .where(and(eq(zones.customerId, customerId), inArray(zones.name, names)))
  ).map((zone) => zone.id);
  return or(
    inArray(sql`${auditEvents.summary}->>'zone'`, names),
    and(
      eq(auditEvents.targetType, 'zone'),
      or(inArray(sql`${auditEvents.summary}->>'name'`, names), ids.length > 0 ? inArray(auditEvents.targetId, ids) : sql`false`),
    ),
  )!;
}

/** Newest first. `action` ending in `.*` matches a family (e.g. `api_key.*`). Staff may read any customer's events. */
export async function listAuditEvents(ctx: ServiceContext, principal: Principal, page: Pagination, filters: AuditFilters) {
  const customerId = principal.isStaff && filters.customer_id ? filters.customer_id : principal.customerId;
  const conditions: SQL[] = [eq(auditEvents.customerId, customerId)];
  if (filters.action) {
    conditions.push(
      filters.action.endsWith('.*')
        ? like(auditEvents.action, `${filters.action.slice(0, -1).replace(/[%_\\]/g, '\\$&')}%`)
        : eq(auditEvents.action, filters.action),
    );
  }
  const allowedZones = principal.credential.kind === 'api_key' ? principal.credential.apiKey.allowedZones : null;
  if (allowedZones) conditions.push(await aboutZones(ctx, customerId, allowedZones));
  if (filters.target_type) conditions.push(eq(auditEvents.targetType, filters.target_type));
  if (filters.target_id) conditions.push(eq(auditEvents.targetId, filters.target_id));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.id)).limit(page.limit).offset(page.offset),
    ctx.db.select({ value: count() }).from(auditEvents).where(where),
  ]);
  const namesOf = await nameActors(ctx.db, customerId, rows.map(actorIds));
  return { items: rows.map((event) => presentAuditEvent(event, namesOf(actorIds(event)))), total: total!.value };
}
