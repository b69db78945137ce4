import { ConfigError, loadConfig, type Config } from '@kaja/config';

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
