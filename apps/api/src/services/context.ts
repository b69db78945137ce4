import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@kaja/config';
import { enqueueJob, type Database, type JobRunner } from '@kaja/db';
import { mailJob, type ZoneChangePublisher, type ZoneIdentities } from '@kaja/zone-writes';
import type { WorkerPool } from '../workers/pool';
import type { MailMessage } from './ops/mail';

/** What the services need: the database, the configuration, outgoing mail, a logger and the clock. */
export interface ServiceContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /**
   * Sends a mail outside any transaction: stored as a job first, then sent at once (failures are
   * retried by the job runner). Inside a transaction, use `inTransaction`'s `after.mail`.
   */
  mail(message: MailMessage): void;
  /** Sends the mails whose jobs a transaction committed (see `inTransaction`). */
  sendMail(jobIds: readonly number[]): void;
  /** The time the rules that depend on it go by (billing, metering months, metrics windows); tests set it. */
  now(): Date;
  /** Runs work after the answer, not awaited by it; failures are logged (with `label`), not thrown. */
  background(label: string, task: () => Promise<void>): void;
}

export function createServiceContext(options: { db: Database; config: Config; log: FastifyBaseLogger; jobs: JobRunner; clock?: () => Date }) {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked = work.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  const sendMail = (jobIds: readonly number[]) => {
    for (const id of jobIds) {
      track(
        options.jobs.runJob(id).then(
          () => undefined,
          (error) => options.log.error({ err: error, job: id }, 'mail delivery failed'),
        ),
      );
    }
  };
  const context: ServiceContext = {
    db: options.db,
    now: options.clock ?? (() => new Date()),
    config: options.config,
    log: options.log,
    mail(message) {
      // Stored first: a crash before it is sent leaves the job for a runner.
      track(
        enqueueJob(options.db, mailJob, message).then(
          (id) => sendMail([id]),
          (error) => options.log.error({ err: error, to: message.to, subject: message.subject }, 'mail not queued'),
        ),
      );
    },
    sendMail,
    background(label, task) {
      // setImmediate: the answer is written first (an embedded database works on this very thread).
      track(new Promise<void>((resolve) => setImmediate(resolve)).then(task).catch((error) => options.log.error({ err: error }, `${label} failed`)));
    },
  };
  /**
   * Waits for mail and background work still on its way (at shutdown, and in tests), including what
   * that work begins meanwhile: a queued mail's delivery starts only once it is stored.
   */
  const drain = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  return { context, drain };
}

/** What the zone and record services need beyond the common context. */
export interface ZoneContext extends ServiceContext {
  zoneChanges: ZoneChangePublisher;
}

/** What the record endpoints need beyond the zone context: the zones' names this process knows (decision 083). */
export interface RecordContext extends ZoneContext {
  zoneIdentities: ZoneIdentities;
}

/** What imports and restores need beyond the zone context: threads for their heavy planning. */
export interface PlanningContext extends ZoneContext {
  workers: WorkerPool;
}
