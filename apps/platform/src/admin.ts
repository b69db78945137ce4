// `npm run admin -- <command>`: operator tasks on the configured database.
//   create-staff EMAIL   make EMAIL a platform staff user (created with a printed first password if new)
//   revoke-staff EMAIL   take the staff flag away
//   kek rotate           re-seal DNSSEC private keys and TSIG secrets under the current key-encryption key;
//                        without KEY_ENCRYPTION_KEY, first generate a new key in DATA_DIR (platform stopped)
//   kek status           how many sealed values each key-encryption key holds
// While the platform runs on the embedded database, it holds that database: the command is handed to it.
import { beginKeyFileRotation, finishKeyFileRotation, resolveKeyEncryptionKey } from '@kaja/config';
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
// Without KEY_ENCRYPTION_KEY the key lives in DATA_DIR and rotating it means a new key there, which a
// running platform (and its DNS thread) would not know: that rotation runs with the platform stopped.
const rotatesKeyFile = request.command === 'kek-rotate' && !config.keyEncryptionKey;

async function run(): Promise<AdminOutcome> {
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    if (rotatesKeyFile) {
      return { exitCode: 1, stdout: '', stderr: `${error.message} Stop it to rotate the key-encryption key kept in DATA_DIR, then run the command again.` };
    }
    return sendAdminCommand(config.dataDir, request!).catch((sendError: Error) => ({
      exitCode: 1,
      stdout: '',
      stderr: `${error.message} It did not take the command (${sendError.message}).`,
    }));
  }
  try {
    if (!rotatesKeyFile) return await runAdminCommand(database.db, request!, resolveKeyEncryptionKey(config));
    const keys = beginKeyFileRotation(config.dataDir);
    const outcome = await runAdminCommand(database.db, request!, keys);
    // Until everything opens with the new key alone, the file keeps the old key too.
    if (outcome.exitCode === 0) finishKeyFileRotation(config.dataDir, keys.current);
    return outcome;
  } finally {
    await database.close();
  }
}

const outcome = await run().catch((error: Error): AdminOutcome => ({ exitCode: 1, stdout: '', stderr: error.message }));
if (outcome.stdout) console.log(outcome.stdout);
if (outcome.stderr) console.error(outcome.stderr);
process.exitCode = outcome.exitCode;
