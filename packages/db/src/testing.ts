import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from './open';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, with DATABASE_URL set,
 * a new database with a random name on that server, dropped again by `close()`.
 */
export async function createTestDatabase(databaseUrl = process.env.DATABASE_URL || undefined): Promise<DatabaseHandle & { url?: string }> {
  if (!databaseUrl) return openDatabase({ dataDir: 'memory://' });

  const name = `kaja_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    ...handle,
    /** For a process of the test's own that connects to the same database. */
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
