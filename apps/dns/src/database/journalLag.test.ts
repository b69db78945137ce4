// Journal lag (the DNS node's `kaja_dns_journal_lag_seconds`) is measured from the start of the last
// sync that left every zone current: a sync the database does not answer leaves it where it was.
import { createTestDatabase } from '@kaja/db/testing';
import { describe, expect, it } from 'vitest';
import { ZoneStore } from '../zoneStore';
import { ZoneLoader } from './zoneLoader';

describe('ZoneLoader.syncedAt', () => {
  it('is the start of the last complete sync, and stays there while the database cannot be read', async () => {
    const database = await createTestDatabase();
    const loader = new ZoneLoader(database.db, new ZoneStore());
    expect(loader.syncedAt).toBeUndefined();
    const before = Date.now();
    await loader.sync();
    const synced = loader.syncedAt!;
    expect(synced).toBeGreaterThanOrEqual(before);
    expect(synced).toBeLessThanOrEqual(Date.now());

    await new Promise((resolve) => setTimeout(resolve, 20));
    await loader.sync();
    expect(loader.syncedAt!).toBeGreaterThan(synced);

    const last = loader.syncedAt;
    await database.close();
    await expect(loader.sync()).rejects.toThrow();
    expect(loader.syncedAt).toBe(last);
    await loader.close();
  });
});
