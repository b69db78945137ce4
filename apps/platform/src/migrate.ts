// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { openDatabase } from '@kaja/db';
import { configOrExit } from './startup';

const config = configOrExit();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.close();
console.log(`Migrations applied to ${config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`}.`);
