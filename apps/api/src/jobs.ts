import type { JobRunner } from '@kaja/db';
import { mailJob, refreshSecondaryJob, type MailMessage } from '@kaja/zone-writes';
import { registerBillingJobs } from './services/billingJobs';
import type { ZoneContext } from './services/context';
import * as delegationService from './services/delegation';
import * as dnssecService from './services/dnssec';
import { journalRetentionIntervalMs, journalRetentionJob, trimJournal } from './services/journalRetention';
import type { Mailer } from './services/mail';
import { meterQueries, queryMeteringIntervalMs, queryMeteringJob } from './services/queryUsage';
import { refreshSecondaryZone } from './services/secondaryZones';
import * as zonesService from './services/zones';

/**
 * Every background job of the API, registered in one place: mail (stored with the change that
 * sends it, so a crash cannot lose it), query metering, the billing life cycle, zone deletion,
 * DNSSEC key work, delegation checks, secondary-zone transfers and the change journal's retention.
 * A failing job is retried by the runner.
 */
export function registerJobs(runner: JobRunner, ctx: ZoneContext, mailer: Mailer): void {
  const publish = (notice: Parameters<ZoneContext['zoneChanges']['publish']>[0]) => ctx.zoneChanges.publish(notice);
  runner.register(mailJob, (message: MailMessage) => mailer.send(message));
  runner.every(queryMeteringJob, queryMeteringIntervalMs, async () => {
    await meterQueries(ctx, ctx.now());
  });
  registerBillingJobs(runner, ctx, publish);
  runner.register(zonesService.deleteZoneJob, (payload: zonesService.DeleteZonePayload, { db }) => zonesService.deleteZoneData(db, payload, publish));
  runner.register(dnssecService.generateKeysJob, (payload: dnssecService.GenerateKeysPayload) => dnssecService.generateZoneKeys(ctx, payload, publish));
  runner.register(dnssecService.removeKeysJob, (payload: dnssecService.RemoveKeysPayload) => dnssecService.removeZoneKeys(ctx, payload, publish));
  runner.register(delegationService.delegationCheckJob, (payload: delegationService.DelegationCheckPayload) =>
    delegationService.checkDelegation(ctx, payload.zone_id),
  );
  runner.every(delegationService.delegationScheduleJob, delegationService.delegationScheduleIntervalMs, () =>
    delegationService.runDelegationSchedule(ctx, publish),
  );
  runner.every(journalRetentionJob, journalRetentionIntervalMs, async () => {
    const deleted = await trimJournal(ctx.db, ctx.config.journalRetention, ctx.now());
    if (deleted > 0) ctx.log.info({ deleted }, 'journal trimmed');
  });
  runner.register(refreshSecondaryJob, (payload: { zoneId: string }) => refreshSecondaryZone(ctx, payload.zoneId));
}
