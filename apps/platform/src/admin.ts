// `npm run admin -- <command>`: operator tasks on the configured database.
//   create-staff EMAIL   make EMAIL a platform staff user (created with a printed first password if new)
//   revoke-staff EMAIL   take the staff flag away
// While the platform runs on the embedded database, it holds that database: the command is handed to it.
import { DatabaseLockedError, openDatabase } from '@kaja/db';
import { adminUsage, parseAdminRequest, runAdminCommand, type AdminOutcome } from './adminCommands';
import { sendAdminCommand } from './adminSocket';
import { configOrExit } from './startup';

const request = parseAdminRequest(process.argv.slice(2));
if (!request) {
  console.error(adminUsage);
  process.exit(1);
}

const config = configOrExit();

async function run(): Promise<AdminOutcome> {
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    return sendAdminCommand(config.dataDir, request!).catch((sendError: Error) => ({
      exitCode: 1,
      stdout: '',
      stderr: `${error.message} It did not take the command (${sendError.message}).`,
    }));
  }
  try {
    return await runAdminCommand(database.db, request!);
  } finally {
    await database.close();
  }
}

const outcome = await run().catch((error: Error): AdminOutcome => ({ exitCode: 1, stdout: '', stderr: error.message }));
if (outcome.stdout) console.log(outcome.stdout);
if (outcome.stderr) console.error(outcome.stderr);
process.exitCode = outcome.exitCode;
