import type { Config } from '@kaja/config';
import type { Database } from '@kaja/db';
import type { ZoneChangePublisher } from './zoneChangePublisher';

/** Where the write path logs: pino's shape, which the API's and the DNS node's loggers both have. */
export interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** What a writer of zone content needs: the database, the platform's configuration, a logger and the change announcer. */
export interface WriteContext {
  db: Database;
  config: Config;
  log: Logger;
  zoneChanges: ZoneChangePublisher;
  /** Sends the mails whose jobs a transaction committed, now rather than at a runner's next poll (none where no mail goes out, as on a DNS node). */
  sendMail?: (jobIds: readonly number[]) => void;
}
