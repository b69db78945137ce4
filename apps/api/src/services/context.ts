import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@kaja/config';
import type { Database } from '@kaja/db';
import type { ZoneChangePublisher } from '@kaja/zone-writes';
import type { WorkerPool } from '../workers/pool';
import type { MailMessage, Mailer } from './mail';

/** What the services need: the database, the configuration, outgoing mail, a logger and the clock. */
export interface ServiceContext {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** Sends after the current request's transaction committed; failures are logged, not thrown. */
  mail(message: MailMessage): void;
  /** The time the rules that depend on it go by (billing, metering months, metrics windows); tests set it. */
  now(): Date;
  /** Runs work after the answer, not awaited by it; failures are logged (with `label`), not thrown. */
  background(label: string, task: () => Promise<void>): void;
}

export function createServiceContext(options: { db: Database; config: Config; log: FastifyBaseLogger; mailer: Mailer; clock?: () => Date }) {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked = work.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  const context: ServiceContext = {
    db: options.db,
    now: options.clock ?? (() => new Date()),
    config: options.config,
    log: options.log,
    mail(message) {
      track(options.mailer.send(message).catch((error) => options.log.error({ err: error, to: message.to, subject: message.subject }, 'mail delivery failed')));
    },
    background(label, task) {
      // setImmediate: the answer is written first (an embedded database works on this very thread).
      track(new Promise<void>((resolve) => setImmediate(resolve)).then(task).catch((error) => options.log.error({ err: error }, `${label} failed`)));
    },
  };
  /** Waits for mail and background work still on its way (at shutdown). */
  const drain = async () => {
    await Promise.all([...pending]);
  };
  return { context, drain };
}

/** What the zone and record services need beyond the common context. */
export interface ZoneContext extends ServiceContext {
  zoneChanges: ZoneChangePublisher;
}

/** What imports and restores need beyond the zone context: threads for their heavy planning. */
export interface PlanningContext extends ZoneContext {
  workers: WorkerPool;
}
