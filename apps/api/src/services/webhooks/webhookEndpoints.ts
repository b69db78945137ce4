import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { resolveKeyEncryptionKey, specialPurposeOf, type Config } from '@kaja/config';
import { webhookEventTypes, webhookTestEvent, type WebhookEventType } from '@kaja/catalog';
import { and, asc, count, desc, eq, inArray, sql } from '@kaja/db/orm';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, type Executor } from '@kaja/db';
import { newWebhookEventId, queueWebhookDelivery, recordAudit, type WebhookPayload } from '@kaja/zone-writes';
import { ApiError, conflict, invalid, notFound } from '../../errors';
import type { Pagination } from '../../schemas/common';
import type { ServiceContext } from '../context';
import type { Principal } from '../accounts/principal';
import { stopPendingDeliveries } from './webhookDelivery';
import { newWebhookSecret, sealWebhookSecret } from './webhookSecrets';

/** Enough for a production, a staging and a few tools' receivers; more is a sign of endpoints never cleaned up. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

export interface EndpointInput {
  url?: string | undefined;
  description?: string | undefined;
  event_types?: WebhookEventType[] | null | undefined;
  enabled?: boolean | undefined;
}

export function presentEndpoint(endpoint: EndpointRow) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.eventTypes as WebhookEventType[] | null,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    disabled_at: endpoint.disabledAt?.toISOString() ?? null,
    failing_since: endpoint.failingSince?.toISOString() ?? null,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export function presentDelivery(delivery: DeliveryRow, attempts: AttemptRow[]) {
  return {
    id: delivery.id,
    endpoint_id: delivery.endpointId,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    attempt_count: delivery.attempts,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    last_status_code: delivery.lastStatusCode,
    last_error: delivery.lastError,
    payload: delivery.payload as WebhookPayload,
    created_at: delivery.createdAt.toISOString(),
    finished_at: delivery.finishedAt?.toISOString() ?? null,
    attempts: attempts.map((attempt) => ({
      attempted_at: attempt.attemptedAt.toISOString(),
      status_code: attempt.statusCode,
      duration_ms: attempt.durationMs,
      error: attempt.error,
      response_excerpt: attempt.responseExcerpt,
    })),
  };
}

/**
 * Endpoints receive the events of the whole account (every zone, its invoices): a key held to some
 * zones or records must not see through them what its restrictions hide, so it cannot manage them.
 */
function requireAccountWideCredential(principal: Principal): void {
  if (principal.credential.kind !== 'api_key') return;
  const { allowedZones, recordPolicies } = principal.credential.apiKey;
  if (allowedZones !== null || recordPolicies !== null) {
    throw new ApiError('forbidden', 'Webhooks carry the events of the whole account: an API key restricted to zones or records cannot manage them', {
      restrictions: 'Use a key without zone or record restrictions',
    });
  }
}

/**
 * The endpoint's address in stored form, or the problem with it. An address given as an IP literal
 * (or `localhost`) is held to the address rule at once; a host name is resolved and checked before
 * every attempt, since what it resolves to can change.
 */
function normaliseUrl(config: Config, input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw invalid({ url: 'Must be an absolute http:// or https:// address' });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid({ url: 'Must be an http:// or https:// address' });
  if (url.username || url.password) throw invalid({ url: 'Must not carry a user name or password: deliveries are signed instead' });
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = isIP(host) ? host : host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : null;
  if (literal !== null) {
    const purpose = specialPurposeOf(literal, config.webhookAllowedCidrs);
    if (purpose !== null) throw invalid({ url: `${url.hostname} is a special-purpose address (${purpose}): webhooks go to public addresses only` });
  }
  url.hash = '';
  return url.toString();
}

function normaliseEventTypes(types: readonly string[] | null): WebhookEventType[] | null {
  if (types === null) return null;
  if (types.length === 0) throw invalid({ event_types: 'Choose at least one event type, or null for all' });
  return [...new Set(types as WebhookEventType[])].sort((a, b) => webhookEventTypes.indexOf(a) - webhookEventTypes.indexOf(b));
}

async function findEndpoint(executor: Executor, principal: Principal, endpointId: string, options: { lock?: boolean } = {}): Promise<EndpointRow> {
  const query = executor
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.customerId, principal.customerId)));
  const [endpoint] = options.lock ? await query.for('update') : await query;
  if (!endpoint) throw notFound('Webhook endpoint');
  return endpoint;
}

/** Creates an endpoint with a new secret, sealed at rest; the secret is in this answer only. */
export async function createEndpoint(ctx: ServiceContext, principal: Principal, input: EndpointInput & { url: string }) {
  requireAccountWideCredential(principal);
  const url = normaliseUrl(ctx.config, input.url);
  const eventTypes = normaliseEventTypes(input.event_types ?? null);
  const kek = resolveKeyEncryptionKey(ctx.config);
  return ctx.db.transaction(async (tx) => {
    // Two creations at once must not both count 19: the count and the insert are one step per customer.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`webhook_endpoints:${principal.customerId}`}))`);
    const [existing] = await tx.select({ value: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.customerId, principal.customerId));
    if (existing!.value >= MAX_WEBHOOK_ENDPOINTS) {
      throw invalid({ url: `An account can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints: delete one you no longer use` });
    }
    const id = randomUUID();
    const secret = newWebhookSecret();
    const [endpoint] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        customerId: principal.customerId,
        url,
        description: input.description ?? '',
        eventTypes,
        secret: sealWebhookSecret(secret.raw, kek, id),
        enabled: input.enabled ?? true,
        disabledReason: input.enabled === false ? 'Disabled when created' : null,
        disabledAt: input.enabled === false ? new Date() : null,
      })
      .returning();
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'webhook_endpoint.created',
      targetType: 'webhook_endpoint',
      targetId: id,
      summary: { url, event_types: eventTypes },
    });
    return { ...presentEndpoint(endpoint!), secret: secret.text };
  });
}

export async function listEndpoints(ctx: ServiceContext, principal: Principal, page: Pagination) {
  requireAccountWideCredential(principal);
  const where = eq(webhookEndpoints.customerId, principal.customerId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(webhookEndpoints)
      .where(where)
      .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ value: count() }).from(webhookEndpoints).where(where),
  ]);
  return { items: rows.map(presentEndpoint), total: total!.value };
}

export async function getEndpoint(ctx: ServiceContext, principal: Principal, endpointId: string) {
  requireAccountWideCredential(principal);
  return presentEndpoint(await findEndpoint(ctx.db, principal, endpointId));
}

/** Changes the address, description, event types or enabled state; enabling again starts the failure count afresh. */
export async function updateEndpoint(ctx: ServiceContext, principal: Principal, endpointId: string, input: EndpointInput) {
  requireAccountWideCredential(principal);
  const url = input.url === undefined ? undefined : normaliseUrl(ctx.config, input.url);
  const eventTypes = input.event_types === undefined ? undefined : normaliseEventTypes(input.event_types);
  return ctx.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, principal, endpointId, { lock: true });
    const enabling = input.enabled === true && !endpoint.enabled;
    const disabling = input.enabled === false && endpoint.enabled;
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(eventTypes !== undefined ? { eventTypes } : {}),
        ...(enabling ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null } : {}),
        ...(disabling ? { enabled: false, disabledReason: 'Disabled by a person', disabledAt: new Date() } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    if (disabling) await stopPendingDeliveries(tx, endpoint.id, 'The endpoint was disabled');
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'webhook_endpoint.updated',
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      summary: { url: updated!.url, event_types: updated!.eventTypes, enabled: updated!.enabled },
    });
    return presentEndpoint(updated!);
  });
}

/** Deletes the endpoint with its delivery log; deliveries on their way stop. */
export async function deleteEndpoint(ctx: ServiceContext, principal: Principal, endpointId: string) {
  requireAccountWideCredential(principal);
  return ctx.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, principal, endpointId, { lock: true });
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'webhook_endpoint.deleted',
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      summary: { url: endpoint.url },
    });
    return presentEndpoint(endpoint);
  });
}

/** Replaces the secret at once; the new one is in this answer only. Deliveries still to be tried are signed with it. */
export async function rotateSecret(ctx: ServiceContext, principal: Principal, endpointId: string) {
  requireAccountWideCredential(principal);
  const kek = resolveKeyEncryptionKey(ctx.config);
  return ctx.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, principal, endpointId, { lock: true });
    const secret = newWebhookSecret();
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({ secret: sealWebhookSecret(secret.raw, kek, endpoint.id), updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    await recordAudit(tx, principal.actor, {
      customerId: principal.customerId,
      action: 'webhook_endpoint.secret_rotated',
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      summary: { url: endpoint.url },
    });
    return { ...presentEndpoint(updated!), secret: secret.text };
  });
}

/** Sends a `webhook.test` event to this endpoint alone, whatever it subscribes to (and also while disabled: it is asked for). */
export async function sendTestEvent(ctx: ServiceContext, principal: Principal, endpointId: string) {
  requireAccountWideCredential(principal);
  const deliveryId = await ctx.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, principal, endpointId);
    const payload: WebhookPayload = {
      type: webhookTestEvent,
      timestamp: new Date().toISOString(),
      data: { endpoint_id: endpoint.id, message: 'A test event sent from Kaja DNS' },
    };
    return queueWebhookDelivery(tx, { endpointId: endpoint.id, eventId: newWebhookEventId(), payload });
  });
  return getDelivery(ctx, principal, endpointId, deliveryId);
}

async function attemptsOf(executor: Executor, deliveryIds: string[]) {
  const byDelivery = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await executor
    .select()
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
  for (const row of rows) byDelivery.set(row.deliveryId, [...(byDelivery.get(row.deliveryId) ?? []), row]);
  return byDelivery;
}

/** The endpoint's delivery log, newest first, each delivery with its attempts. */
export async function listDeliveries(ctx: ServiceContext, principal: Principal, endpointId: string, page: Pagination & { status?: string | undefined }) {
  requireAccountWideCredential(principal);
  const endpoint = await findEndpoint(ctx.db, principal, endpointId);
  const where = and(
    eq(webhookDeliveries.endpointId, endpoint.id),
    page.status ? eq(webhookDeliveries.status, page.status as DeliveryRow['status']) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset),
    ctx.db.select({ value: count() }).from(webhookDeliveries).where(where),
  ]);
  const attempts = await attemptsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => presentDelivery(row, attempts.get(row.id) ?? [])), total: total!.value };
}

async function findDelivery(executor: Executor, endpoint: EndpointRow, deliveryId: string): Promise<DeliveryRow> {
  const [delivery] = await executor
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)));
  if (!delivery) throw notFound('Webhook delivery');
  return delivery;
}

export async function getDelivery(ctx: ServiceContext, principal: Principal, endpointId: string, deliveryId: string) {
  requireAccountWideCredential(principal);
  const endpoint = await findEndpoint(ctx.db, principal, endpointId);
  const delivery = await findDelivery(ctx.db, endpoint, deliveryId);
  return presentDelivery(delivery, (await attemptsOf(ctx.db, [delivery.id])).get(delivery.id) ?? []);
}

/**
 * Sends the event again as a new delivery with the same `webhook-id` (receivers that remember ids
 * take it once) and a fresh retry schedule. Refused while the endpoint is disabled.
 */
export async function redeliver(ctx: ServiceContext, principal: Principal, endpointId: string, deliveryId: string) {
  requireAccountWideCredential(principal);
  const newId = await ctx.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, principal, endpointId);
    if (!endpoint.enabled) throw conflict('The endpoint is disabled: enable it first', { enabled: 'Enable the endpoint to redeliver' });
    const delivery = await findDelivery(tx, endpoint, deliveryId);
    return queueWebhookDelivery(tx, { endpointId: endpoint.id, eventId: delivery.eventId, payload: delivery.payload as WebhookPayload });
  });
  return getDelivery(ctx, principal, endpointId, newId);
}
