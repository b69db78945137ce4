import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from './open';
import { customers } from './schema/index';

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
      await unlisten();
      await database.db.execute(sql`SELECT pg_notify('zone_changes', 'after')`);
      await database.db.execute(sql`SELECT 1`);
      expect(received).toEqual(['example.com:42']);
    } finally {
      await database.close();
    }
  });
});
