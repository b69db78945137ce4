import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@kaja/config';
import type { Database } from '@kaja/db';
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
}

export function createServiceContext(options: { db: Database; config: Config; log: FastifyBaseLogger; mailer: Mailer; clock?: () => Date }) {
  const pending = new Set<Promise<void>>();
  const context: ServiceContext = {
    db: options.db,
    now: options.clock ?? (() => new Date()),
    config: options.config,
    log: options.log,
    mail(message) {
      const delivery = options.mailer
        .send(message)
        .catch((error) => options.log.error({ err: error, to: message.to, subject: message.subject }, 'mail delivery failed'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
  };
  /** Waits for mail still on its way (at shutdown). */
  const drain = async () => {
    await Promise.all([...pending]);
  };
  return { context, drain };
}
