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

  it('keeps data across a restart and migrates only once', async () => {
    const first = await openDatabase({ dataDir });
    const [written] = await first.db.insert(customers).values({ name: 'Restart Ltd' }).returning();
    await first.close();

    const second = await openDatabase({ dataDir });
    const [read] = await second.db.select().from(customers).where(eq(customers.id, written!.id));
    expect(read?.name).toBe('Restart Ltd');
    await second.close();
  });
});
