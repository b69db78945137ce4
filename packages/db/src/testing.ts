import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, type DatabaseHandle } from './open';

/**
 * A migrated embedded database as PGlite dumps it (a tar of its data directory), made once for the
 * current migrations and PGlite version and kept in the temporary directory. A test database that
 * starts as a copy of it opens in about a quarter of the time PGlite's initdb and the migrations take.
 */
async function makeMigratedTemplate(): Promise<string> {
  // PGlite's entry is dist/index.js (dist/index.cjs for require): its package.json is beside dist.
  const pglitePackage = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json');
  const hash = createHash('sha256').update(readFileSync(pglitePackage));
  for (const name of [
    'meta/_journal.json',
    ...readdirSync(migrationsFolder)
      .filter((name) => name.endsWith('.sql'))
      .sort(),
  ])
    hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  const file = join(tmpdir(), `kaja-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    // Written whole under a name of its own first: a test file starting beside this one finds either
    // no template or a complete one.
    const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await client.close();
  }
  return file;
}

/**
 * The template's file, found or made once per process: test files share the modules they import
 * (decision 052), so the migrations are hashed once per worker, not once per test database.
 */
let templateFile: Promise<string> | undefined;
const migratedTemplate = () => (templateFile ??= makeMigratedTemplate());

/** The template's contents, read once per process for the test databases in memory. */
let templateContents: Promise<Blob> | undefined;
const migratedTemplateContents = () => (templateContents ??= migratedTemplate().then((file) => new Blob([readFileSync(file)])));

/**
 * Makes `dataDir` the data directory of a migrated embedded database, for a platform a test starts as
 * a child process: it opens it as one that exists, with no initdb and no migration to run.
 */
export async function seedEmbeddedDatabase(dataDir: string): Promise<void> {
  const template = await migratedTemplate();
  const directory = join(dataDir, 'pglite');
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  // PGlite writes the members with a leading slash, which tar says it removes: kept quiet.
  execFileSync('tar', ['-xf', template, '-C', directory], { stdio: 'pipe' });
}

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, with DATABASE_URL set,
 * a new database with a random name on that server, dropped again by `close()`.
 */
export async function createTestDatabase(databaseUrl = process.env.DATABASE_URL || undefined): Promise<DatabaseHandle & { url?: string }> {
  if (!databaseUrl) return openDatabase({ dataDir: 'memory://', template: await migratedTemplateContents() });

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
