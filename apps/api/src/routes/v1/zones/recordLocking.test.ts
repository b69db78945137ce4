import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@kaja/db/orm';
import { openDatabase, type DatabaseHandle } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { startPostgres, type TestPostgres } from '@kaja/test-support/postgres';
import { sortKeyOf } from '@kaja/zone-writes';
import { errorOf, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../../testing';
import { createZone } from './zoneTestKit';

// A record write reads the zone's sets in the statement that takes the zone's lock, as that statement
// began. Another API process's change that commits while the write waits for the lock must still be
// what the write is checked against and applied to. Two connections wait on each other only on a
// PostgreSQL server (the embedded database has one): the one of DATABASE_URL, else one of the test's own.
describe('a record write that waits for the zone lock', () => {
  let postgres: TestPostgres | undefined;
  let database: DatabaseHandle & { url?: string };
  let api: TestApi;
  let owner: TestAccount;
  let other: DatabaseHandle;
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) postgres = await startPostgres();
    database = await createTestDatabase(process.env.DATABASE_URL || postgres!.url);
    api = await startTestApi({ database });
    owner = await signUpOwner(api);
    other = await openDatabase({ databaseUrl: database.url, dataDir: '' });
  });
  afterAll(async () => {
    await other?.close();
    await api?.close();
    await database?.close();
    await postgres?.close();
  });

  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  /** Another process's change of the zone, holding the zone's lock until `commit`: a set added and the serial moved. */
  async function holdZoneWith(zone: { id: string; name: string }, set: { name: string; type: string; typeCode: number; content: string }) {
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const name = `${set.name}.${zone.name}`;
    const done = other.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM zones WHERE id = ${zone.id} FOR UPDATE`);
      await tx.execute(sql`INSERT INTO rrsets (zone_id, name, type, type_code, sort_key, ttl, contents, managed)
        VALUES (${zone.id}, ${name}, ${set.type}, ${set.typeCode}, ${sortKeyOf(name)}, 300, ARRAY[${set.content}], false)`);
      await tx.execute(sql`UPDATE zones SET serial = serial + 1 WHERE id = ${zone.id}`);
      holding();
      await committing;
    });
    await held;
    return { commit, done };
  }

  /** Resolves once a statement of this database waits for a lock: the write has reached the zone's. */
  async function someoneWaitsForALock() {
    for (let tries = 0; tries < 500; tries++) {
      const [row] = rowsOf<{ waiting: number }>(
        await other.db.execute(sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`),
      );
      if (row!.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no statement waited for the zone lock');
  }

  /** A POST made while the other process holds the zone with `set` added, answered once that commits. */
  async function postWhileHeld(set: Parameters<typeof holdZoneWith>[1], body: Record<string, unknown>) {
    const zone = await createZone(api, owner);
    const held = await holdZoneWith(zone, set);
    const write = api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body });
    await someoneWaitsForALock();
    held.commit();
    await held.done;
    return { zone, response: await write };
  }

  it('is refused by a CNAME the other process added meanwhile', async () => {
    const { response } = await postWhileHeld(
      { name: 'www', type: 'CNAME', typeCode: 5, content: 'target.example.net.' },
      { type: 'TXT', name: 'www', content: 'x' },
    );
    expect(response.status).toBe(422);
    expect(errorOf(response).details).toMatchObject({ type: expect.stringContaining('has a CNAME record') });
  });

  it('adds to the set the other process made meanwhile, and moves the serial past its', async () => {
    const { zone, response } = await postWhileHeld(
      { name: 'www', type: 'A', typeCode: 1, content: '192.0.2.1' },
      { type: 'A', name: 'www', content: '192.0.2.2' },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.content).toEqual(['192.0.2.1', '192.0.2.2']);
    const [stored] = rowsOf<{ serial: number | string }>(await other.db.execute(sql`SELECT serial FROM zones WHERE id = ${zone.id}`));
    expect(Number(stored!.serial)).toBe(zone.serial + 2);
  });
});
