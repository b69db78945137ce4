import pino from 'pino';
import type { Config } from '@kaja/config';
import type { DatabaseHandle } from '@kaja/db';
import { logRedaction } from './logging';
import { createServiceContext } from './services/context';
import { createUpdateService, type UpdateService } from './services/dynamicUpdates';
import { ZoneChangePublisher } from './services/zoneChanges';

/**
 * The update service for a DNS-only node (`npm run dns` on PostgreSQL): the same zone-edit path
 * as the API, announcing its changes on `zone_changes` so every node, this one included, follows.
 * Updates send no mail.
 */
export function createDnsNodeUpdateService(options: { database: DatabaseHandle; config: Config }): UpdateService {
  const log = pino({ level: options.config.logLevel, redact: { paths: logRedaction, censor: '[redacted]' } });
  const mailer = { send: async () => {}, close: () => {} };
  const { context } = createServiceContext({ db: options.database.db, config: options.config, log, mailer });
  return createUpdateService({ ...context, zoneChanges: new ZoneChangePublisher(options.database.db, log) });
}
