import { check, index, integer, jsonb, pgTable, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, updatedAt } from './columns';
import { customers } from './customers';

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/**
 * A customer's webhook endpoint (decision 057): an HTTP(S) address that is sent the events it
 * subscribes to, signed as the Standard Webhooks specification says. The signing secret is needed
 * in clear to sign, so it is sealed under the key-encryption key (context `webhook:<id>`), never
 * hashed; the API shows it once, at creation and on rotation.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types sent; null = every type, including those added later. */
    eventTypes: text('event_types').array(),
    /** The 24 random octets of the secret, sealed by `encryptPrivateKey` (context `webhook:<id>`), base64. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the platform or a person turned it off; null while enabled. */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failed attempt since the last success; null while deliveries succeed. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('webhook_endpoints_customer_idx').on(table.customerId)],
);

/** One event for one endpoint, with its retry state; each try is a `webhook_attempts` row. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same for a manual redelivery of the event. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The body sent: `{ type, timestamp, data }`. */
    payload: jsonb('payload').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
    check('webhook_deliveries_status_check', sql`${table.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/** One HTTP request of a delivery: what came back and how long it took (the body only as a short excerpt). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    /** The response's status; null when none came (refused address, time-out, connection error). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);
