import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DatabaseLockedError, embeddedLockFile } from './embeddedLock';
import { openDatabase } from './open';
import { customers } from './schema/index';
import { seedEmbeddedDatabase } from './testing';

describe('openDatabase on PGlite in DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps data across a restart and migrates only once', { timeout: 120_000 }, async () => {
    const first = await openDatabase({ dataDir });
    const [written] = await first.db.insert(customers).values({ name: 'Restart Ltd' }).returning();
    await first.close();

    const second = await openDatabase({ dataDir });
    const [read] = await second.db.select().from(customers).where(eq(customers.id, written!.id));
    expect(read?.name).toBe('Restart Ltd');
    await second.close();
  });
});

// The tests below start from a migrated database (the first test above migrates one from nothing):
// each initdb and migration cost 5 s of processor time.
describe('the embedded database belongs to one process at a time', () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('is refused to a second opener while held, with one line naming the holder, and free again after close', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kaja-lock-'));
    try {
      await seedEmbeddedDatabase(dataDir);
      const first = await openDatabase({ dataDir });
      expect(readFileSync(embeddedLockFile(dataDir), 'utf8').trim()).toBe(String(process.pid));
      const refused = await openDatabase({ dataDir }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DatabaseLockedError);
      expect((refused as Error).message).toContain(`in use by process ${process.pid}`);
      expect((refused as Error).message).not.toContain('\n');
      await first.close();
      const second = await openDatabase({ dataDir });
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over the lock of a process that died, also one that had our pid', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kaja-lock-'));
    try {
      await seedEmbeddedDatabase(dataDir);
      const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
      writeFileSync(embeddedLockFile(dataDir), `${dead.stdout}\n`);
      const database = await openDatabase({ dataDir });
      expect(readFileSync(embeddedLockFile(dataDir), 'utf8').trim()).toBe(String(process.pid));
      await database.close();
      // A restarted container often gets the pid its predecessor had: a lock with our pid that we do not hold is stale too.
      writeFileSync(embeddedLockFile(dataDir), `${process.pid}\n`);
      const again = await openDatabase({ dataDir });
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps DATA_DIR and the database directory 0700 and its files 0600, also those made before', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kaja-modes-'));
    try {
      await seedEmbeddedDatabase(dataDir);
      writeFileSync(join(dataDir, 'pglite', 'left-readable'), 'x');
      chmodSync(join(dataDir, 'pglite', 'left-readable'), 0o644);
      chmodSync(join(dataDir, 'pglite'), 0o755);
      chmodSync(dataDir, 0o755);
      const database = await openDatabase({ dataDir });
      expect(modeOf(dataDir)).toBe(0o700);
      expect(modeOf(join(dataDir, 'pglite'))).toBe(0o700);
      expect(modeOf(join(dataDir, 'pglite', 'left-readable'))).toBe(0o600);
      await database.db.insert(customers).values({ name: 'Private Ltd' });
      await database.close();
      const open = readdirSync(dataDir, { recursive: true, withFileTypes: true })
        .filter((entry) => modeOf(join(entry.parentPath, entry.name)) !== (entry.isDirectory() ? 0o700 : 0o600))
        .map((entry) => join(entry.parentPath, entry.name));
      expect(open).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('notifications', () => {
  it('delivers pg_notify payloads to listeners until they unsubscribe', async () => {
    const { createTestDatabase } = await import('./testing');
    const { sql } = await import('drizzle-orm');
    const database = await createTestDatabase();
    try {
      const received: string[] = [];
      const unlisten = await database.listen('zone_changes', (payload) => received.push(payload));
      await database.db.execute(sql`SELECT pg_notify('zone_changes', 'example.com:42')`);
      await expect.poll(() => received, { timeout: 5000 }).toEqual(['example.com:42']);
      // A statement on the listening connection: the backend that LISTENs is the one that answers.
      const [row] = await unlisten.query("SELECT count(*)::int AS n FROM pg_listening_channels() AS c WHERE c = 'zone_changes'");
      expect(row).toEqual({ n: 1 });
      await unlisten();
      await database.db.execute(sql`SELECT pg_notify('zone_changes', 'after')`);
      await database.db.execute(sql`SELECT 1`);
      expect(received).toEqual(['example.com:42']);
    } finally {
      await database.close();
    }
  });
});
