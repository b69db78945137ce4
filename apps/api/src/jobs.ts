import type { JobRunner } from '@kaja/db';
import { mailJob, refreshSecondaryJob, webhookDeliveryJob, type MailMessage } from '@kaja/zone-writes';
import { registerBillingJobs } from './services/billing/billingJobs';
import type { ZoneContext } from './services/context';
import * as delegationService from './services/zones/delegationCheck';
import * as dnssecService from './services/zones/dnssec';
import { zoneChangeRetentionIntervalMs, zoneChangeRetentionJob, trimZoneChanges } from './services/zones/zoneChangeRetention';
import type { Mailer } from './services/ops/mail';
import { meterQueries, queryMeteringIntervalMs, queryMeteringJob } from './services/billing/queryUsage';
import { refreshSecondaryZone } from './services/zones/secondaryZones';
import { errorRetentionIntervalMs, errorRetentionJob, trimErrorEvents } from './services/ops/errorReports/store';
import { analyticsRetentionIntervalMs, analyticsRetentionJob, trimSiteCounts } from './services/ops/analytics/siteCounts';
import * as zonesService from './services/zones/zones';
import { attemptDelivery, trimDeliveries, webhookTrimIntervalMs, webhookTrimJob, type WebhookDeliveryPayload } from './services/webhooks/webhookDelivery';

/**
 * Every background job of the API, registered in one place: mail (stored with the change that
 * sends it, so a crash cannot lose it), query metering, the billing life cycle, zone deletion,
 * DNSSEC key work, delegation checks, secondary-zone transfers, the change journal's retention and
 * webhook deliveries (each attempt a job, queued with the change that caused the event, decision 057).
 * A failing job is retried by the runner.
 */
export function registerJobs(runner: JobRunner, ctx: ZoneContext, mailer: Mailer): void {
  runner.register(mailJob, (message: MailMessage) => mailer.send(message));
  runner.every(queryMeteringJob, queryMeteringIntervalMs, async () => {
    await meterQueries(ctx, ctx.now());
  });
  registerBillingJobs(runner, ctx);
  runner.register(zonesService.deleteZoneJob, (payload: zonesService.DeleteZonePayload, { db }) =>
    zonesService.deleteZoneData({ db, zoneChanges: ctx.zoneChanges }, payload),
  );
  runner.register(dnssecService.generateKeysJob, (payload: dnssecService.GenerateKeysPayload) => dnssecService.generateZoneKeys(ctx, payload));
  runner.register(dnssecService.removeKeysJob, (payload: dnssecService.RemoveKeysPayload) => dnssecService.removeZoneKeys(ctx, payload));
  runner.register(delegationService.delegationCheckJob, (payload: delegationService.DelegationCheckPayload) =>
    delegationService.checkDelegation(ctx, payload.zone_id),
  );
  runner.every(delegationService.delegationScheduleJob, delegationService.delegationScheduleIntervalMs, () => delegationService.runDelegationSchedule(ctx));
  runner.every(zoneChangeRetentionJob, zoneChangeRetentionIntervalMs, async () => {
    const deleted = await trimZoneChanges(ctx.db, ctx.config.zoneChangeRetention, ctx.now());
    if (deleted > 0) ctx.log.info({ deleted }, 'zone changes trimmed');
  });
  runner.every(errorRetentionJob, errorRetentionIntervalMs, async () => {
    const deleted = await trimErrorEvents(ctx.db, ctx.config.errorReporting.retentionDays, ctx.now());
    if (deleted > 0) ctx.log.info({ deleted }, 'error events past their retention removed');
  });
  runner.every(analyticsRetentionJob, analyticsRetentionIntervalMs, async () => {
    const deleted = await trimSiteCounts(ctx.db, ctx.config.analytics.retentionMonths, ctx.now());
    if (deleted > 0) ctx.log.info({ deleted }, 'site counters past their retention removed');
  });
  runner.register(refreshSecondaryJob, (payload: { zoneId: string }) => refreshSecondaryZone(ctx, payload.zoneId));
  runner.register(webhookDeliveryJob, (payload: WebhookDeliveryPayload) => attemptDelivery(ctx, payload));
  runner.every(webhookTrimJob, webhookTrimIntervalMs, async () => {
    const deleted = await trimDeliveries(ctx);
    if (deleted > 0) ctx.log.info({ deleted }, 'webhook deliveries trimmed');
  });
}
