import { ConfigError, loadConfig, type Config } from '@kaja/config';
import { DatabaseLockedError, openDatabase, type DatabaseHandle } from '@kaja/db';

/** The configuration, or one clear line and exit code 1 when a variable is wrong. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The configured database, migrated; or one clear line and exit code 1 when another process holds the embedded one. */
export async function openDatabaseOrExit(config: Config): Promise<DatabaseHandle> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
