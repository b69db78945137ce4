import { Webhook } from 'standardwebhooks';
import { resolveKeyEncryptionKey } from '@kaja/config';
import { and, eq, lt, sql } from '@kaja/db/orm';
import { enqueueJob, users, webhookAttempts, webhookDeliveries, webhookEndpoints, type Executor } from '@kaja/db';
import { inTransaction, webhookDeliveryJob } from '@kaja/zone-writes';
import { webhookTestEvent } from '@kaja/catalog';
import type { ServiceContext } from '../context';
import { endpointDisabledMail } from './webhookMail';
import { openWebhookSecret } from './webhookSecrets';
import { sendWebhookRequest } from './webhookRequest';

export interface WebhookDeliveryPayload {
  deliveryId: string;
}

/**
 * Seconds from one failed attempt to the next (decision 057): 8 attempts over about 27 hours, so a
 * receiver down for a deployment, a night or a day still gets the event.
 */
export const retryDelaysSeconds = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** An endpoint that has not had one success for this long, while failing, is disabled (decision 057). */
export const disableAfterFailingMs = 5 * 24 * 3600 * 1000;

/** Deliveries older than this leave the log (the hourly trim). */
export const deliveryRetentionDays = 30;
export const webhookTrimJob = 'webhooks.trim';
export const webhookTrimIntervalMs = 3600_000;

/**
 * Makes one attempt at a delivery: signs the payload with the endpoint's current secret (Standard
 * Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`), sends it, records the attempt,
 * then either finishes the delivery or queues the next attempt after its back-off. HTTP failures
 * are the delivery's, not the job's: the job fails only when the database does, and then runs again.
 */
export async function attemptDelivery(ctx: ServiceContext, { deliveryId }: WebhookDeliveryPayload): Promise<void> {
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // Gone with its endpoint, or finished by a run whose job was taken to have died.
  if (!row || row.delivery.status !== 'pending') return;
  const { delivery, endpoint } = row;
  if (!endpoint.enabled && delivery.eventType !== webhookTestEvent) {
    await ctx.db
      .update(webhookDeliveries)
      .set({ status: 'failed', lastError: 'The endpoint was disabled', nextAttemptAt: null, finishedAt: new Date() })
      .where(eq(webhookDeliveries.id, delivery.id));
    return;
  }

  const attemptedAt = new Date();
  const body = JSON.stringify(delivery.payload);
  const signer = new Webhook(openWebhookSecret(endpoint.secret, resolveKeyEncryptionKey(ctx.config), endpoint.id));
  const signature = signer.sign(delivery.eventId, attemptedAt, body);
  const response = await sendWebhookRequest({
    url: endpoint.url,
    body,
    headers: {
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(Math.floor(attemptedAt.getTime() / 1000)),
      'webhook-signature': signature,
    },
    allowed: ctx.config.webhookAllowedCidrs,
  });

  const attempt = delivery.attempts + 1;
  const succeeded = response.error === null;
  const retryIn = succeeded ? undefined : retryDelaysSeconds[attempt - 1];
  await inTransaction(ctx, async (tx, after) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attemptedAt,
      statusCode: response.statusCode,
      durationMs: response.durationMs,
      error: response.error,
      responseExcerpt: response.responseExcerpt,
    });
    const nextAttemptAt = retryIn === undefined ? null : new Date(Date.now() + retryIn * 1000);
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: attempt,
        status: succeeded ? 'succeeded' : nextAttemptAt ? 'pending' : 'failed',
        lastStatusCode: response.statusCode,
        lastError: response.error,
        nextAttemptAt,
        finishedAt: nextAttemptAt ? null : new Date(),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (nextAttemptAt) await enqueueJob(tx, webhookDeliveryJob, { deliveryId: delivery.id }, { runAt: nextAttemptAt, maxAttempts: 3 });

    if (succeeded) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    // The first failure since the last success starts the clock; one that has run for five days turns the endpoint off.
    const [current] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${attemptedAt.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    if (!current?.enabled || current.failingSince!.getTime() > ctx.now().getTime() - disableAfterFailingMs) return;
    const reason = `Every attempt failed for 5 days (the last: ${response.error})`;
    await tx.update(webhookEndpoints).set({ enabled: false, disabledReason: reason, disabledAt: new Date() }).where(eq(webhookEndpoints.id, endpoint.id));
    await stopPendingDeliveries(tx, endpoint.id, 'The endpoint was disabled after 5 days of failures');
    const owners = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.customerId, endpoint.customerId), eq(users.role, 'owner')));
    for (const owner of owners) after.mail(endpointDisabledMail(ctx.config, owner.email, current, reason));
  });
}

/** Ends the deliveries still to be tried of an endpoint being disabled: their queued attempts then find nothing to do. */
export async function stopPendingDeliveries(tx: Executor, endpointId: string, reason: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', lastError: reason, nextAttemptAt: null, finishedAt: new Date() })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}

/** Deletes deliveries (and their attempts) older than the retention; returns how many. */
export async function trimDeliveries(ctx: ServiceContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - deliveryRetentionDays * 24 * 3600 * 1000);
  const deleted = await ctx.db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, before)).returning({ id: webhookDeliveries.id });
  return deleted.length;
}
