// `npm run admin -- <command>`: operator tasks on the configured database.
//   create-staff EMAIL   make EMAIL a platform staff user (created with a printed first password if new)
//   revoke-staff EMAIL   take the staff flag away
import { createStaff, revokeStaff } from '@kaja/api';
import { openDatabase } from '@kaja/db';
import { configOrExit } from './startup';

const [command, email] = process.argv.slice(2);
if (!email || (command !== 'create-staff' && command !== 'revoke-staff')) {
  console.error('Usage: npm run admin -- create-staff EMAIL | revoke-staff EMAIL');
  process.exit(1);
}

const config = configOrExit();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (command === 'create-staff') {
    const result = await createStaff(database.db, email);
    console.log(
      result.created
        ? `Created staff user ${result.email}; first password: ${result.password}\nSign in and change it (POST /v1/auth/change-password).`
        : `${result.email} is now platform staff.`,
    );
  } else if (await revokeStaff(database.db, email)) {
    console.log(`${email} is no longer platform staff.`);
  } else {
    console.error(`No user ${email}`);
    process.exitCode = 1;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.close();
}
