// `npm run db:migrate`: applies pending migrations to the configured database and exits.
import { configOrExit, openDatabaseOrExit } from './startup';

const config = configOrExit();
const database = await openDatabaseOrExit(config);
await database.close();
console.log(`Migrations applied to ${config.databaseUrl ? 'the PostgreSQL database' : `the embedded database in ${config.dataDir}`}.`);
