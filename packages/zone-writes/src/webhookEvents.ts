import { randomBytes } from 'node:crypto';
import { and, eq, isNull, or, sql, type SQL, type SQLWrapper } from '@kaja/db/orm';
import { enqueueJob, webhookDeliveries, webhookEndpoints, type Executor, type ZoneChangeActor, type ZoneChangeRecord } from '@kaja/db';
import type { WebhookEventType } from '@kaja/catalog';

/** The job that makes one attempt at a webhook delivery; its handler is registered with the API's other jobs. */
export const webhookDeliveryJob = 'webhooks.deliver';

/** The most a payload may weigh (its JSON): lists in an event are cut so that it fits (decision 057). */
export const maxWebhookPayloadBytes = 64 * 1024;

/** An event's id, the `webhook-id` header: `msg_` and 24 random octets in base64url. */
export const newWebhookEventId = () => `msg_${randomBytes(24).toString('base64url')}`;

/** The body of every delivery, as the Standard Webhooks specification suggests. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The customer's enabled endpoints subscribed to an event type. */
const subscribedEndpoints = (customerId: string | SQLWrapper, type: WebhookEventType) =>
  and(
    eq(webhookEndpoints.customerId, customerId),
    eq(webhookEndpoints.enabled, true),
    or(isNull(webhookEndpoints.eventTypes), sql`${type} = ANY(${webhookEndpoints.eventTypes})`),
  );

/**
 * Whether the customer has an endpoint for the event type, as a column of another statement: a
 * write that reads it with the zone's lock makes no event when there is none. An endpoint made
 * after that read and before the commit is made while the event happens: it may or may not have
 * it, as it may when it is made just after `emitWebhookEvent`'s own read.
 */
export const hasEndpointsColumn = (customerId: string | SQLWrapper, type: WebhookEventType): SQL<boolean> =>
  sql`EXISTS (SELECT 1 FROM ${webhookEndpoints} WHERE ${subscribedEndpoints(customerId, type)})`;

/**
 * Stores a delivery of the event for each of the customer's enabled endpoints subscribed to its type,
 * with the job that sends it, in the caller's transaction: the event exists exactly when the change
 * that caused it commits, and a crash after the commit cannot lose it. A customer without endpoints
 * costs one indexed query. `data` must fit `maxWebhookPayloadBytes`: the callers cut their lists.
 */
export async function emitWebhookEvent(
  tx: Executor,
  event: { customerId: string; type: WebhookEventType; data: Record<string, unknown>; at?: Date },
): Promise<number> {
  const endpoints = await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(subscribedEndpoints(event.customerId, event.type));
  if (endpoints.length === 0) return 0;
  const payload: WebhookPayload = { type: event.type, timestamp: (event.at ?? new Date()).toISOString(), data: event.data };
  if (Buffer.byteLength(JSON.stringify(payload)) > maxWebhookPayloadBytes) {
    throw new Error(`The ${event.type} event is larger than ${maxWebhookPayloadBytes} octets`);
  }
  const eventId = newWebhookEventId();
  for (const endpoint of endpoints) await queueWebhookDelivery(tx, { endpointId: endpoint.id, eventId, payload });
  return endpoints.length;
}

/** Stores one delivery of a payload to one endpoint and the job of its first attempt, due now. */
export async function queueWebhookDelivery(tx: Executor, delivery: { endpointId: string; eventId: string; payload: WebhookPayload }): Promise<string> {
  const now = new Date();
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({ endpointId: delivery.endpointId, eventId: delivery.eventId, eventType: delivery.payload.type, payload: delivery.payload, nextAttemptAt: now })
    .returning({ id: webhookDeliveries.id });
  await enqueueJob(tx, webhookDeliveryJob, { deliveryId: row!.id }, { runAt: now, maxAttempts: 3 });
  return row!.id;
}

/**
 * The leading items of a list in an event that fit in `budget` octets of JSON, and how many there
 * were: a 100,000-record import stays a bounded event, and the receiver knows to read the rest.
 */
export function boundedList<T>(items: readonly T[], budget: number): { items: T[]; count: number; truncated: boolean } {
  const kept: T[] = [];
  let used = 2;
  for (const item of items) {
    used += Buffer.byteLength(JSON.stringify(item)) + 1;
    if (used > budget) break;
    kept.push(item);
  }
  return { items: kept, count: items.length, truncated: kept.length < items.length };
}

/** What a `zone.records_changed` event tells: the change as the journal keeps it, its record lists bounded. */
export function recordsChangedEvent(
  zone: { id: string; name: string },
  change: {
    previousSerial: number;
    serial: number;
    source: string;
    actor: ZoneChangeActor;
    removed: readonly ZoneChangeRecord[];
    added: readonly ZoneChangeRecord[];
  },
): Record<string, unknown> {
  // Half the payload's bound each, with room for the rest of the event.
  const removed = boundedList(change.removed, 24 * 1024);
  const added = boundedList(change.added, 24 * 1024);
  return {
    zone: { id: zone.id, name: zone.name },
    previous_serial: change.previousSerial,
    serial: change.serial,
    source: change.source,
    actor: change.actor,
    removed: removed.items,
    added: added.items,
    removed_count: removed.count,
    added_count: added.count,
    truncated: removed.truncated || added.truncated,
  };
}
