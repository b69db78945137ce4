import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@kaja/db/orm';
import type { DatabaseHandle, Executor, ZoneChangeNotice } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { ZoneWriteError } from './errors';
import { inZoneBatch } from './zoneBatches';

describe('a zone’s writes committed together', () => {
  let database: DatabaseHandle;
  const published: ZoneChangeNotice[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    // A row per write; the same id twice fails only at COMMIT (deferred): a batch whose commit fails.
    await database.db.execute(sql`CREATE TABLE batch_writes (id integer, CONSTRAINT batch_writes_once UNIQUE (id) DEFERRABLE INITIALLY DEFERRED)`);
  });
  afterAll(() => database.close());

  const ctx = () => {
    const publishAll = async (notices: readonly ZoneChangeNotice[]) => void published.push(...notices);
    return { db: database.db, zoneChanges: { publishAll, publish: (notice: ZoneChangeNotice) => publishAll([notice]) } };
  };
  const notice = (serial: number): ZoneChangeNotice => ({ zone_id: '00000000-0000-4000-8000-000000000002', zone: 'batch.example', serial, status: 'active' });
  const stored = async () =>
    ((await database.db.execute(sql`SELECT id FROM batch_writes ORDER BY id`)) as { rows: { id: number }[] }).rows.map((row) => row.id);
  const transactionId = async (tx: Executor) => String(((await tx.execute(sql`SELECT txid_current() AS id`)) as { rows: { id: unknown }[] }).rows[0]!.id);

  /** A write of row `id` with serial `id`, answering its transaction's id. */
  const write = (zoneId: string, id: number, then?: (tx: Executor) => Promise<void>) =>
    inZoneBatch(ctx(), zoneId, async (tx, publish) => {
      await tx.execute(sql`INSERT INTO batch_writes (id) VALUES (${id})`);
      await then?.(tx);
      publish(notice(id));
      return transactionId(tx);
    });

  /** Holds a zone's transaction open until released, so that the writes made meanwhile wait for the next one. */
  function holdZone(zoneId: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done = inZoneBatch(ctx(), zoneId, async (tx, publish) => {
      await released;
      publish(notice(0));
      return transactionId(tx);
    });
    return { release, done };
  }

  it('writes arriving during a transaction share the next one, each answered and announced in order after its commit', async () => {
    published.length = 0;
    const held = holdZone('zone-a');
    const writes = [write('zone-a', 1), write('zone-a', 2), write('zone-a', 3)];
    expect(published).toEqual([]);
    held.release();
    const first = await held.done;
    const batched = await Promise.all(writes);
    expect(new Set(batched).size).toBe(1);
    expect(batched[0]).not.toBe(first);
    expect(published).toEqual([notice(0), notice(1), notice(2), notice(3)]);
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('a write refused or failing in a batch fails alone, its statements undone, and the others commit', async () => {
    published.length = 0;
    const held = holdZone('zone-c');
    const refused = new ZoneWriteError('invalid_change', 'refused under the lock');
    const writes = [
      write('zone-c', 21),
      write('zone-c', 22, async () => {
        throw refused;
      }),
      // A statement that fails aborts the transaction until its savepoint is rolled back.
      write('zone-c', 23, async (tx) => {
        await tx.execute(sql`SELECT * FROM no_such_table`);
      }),
      write('zone-c', 24),
    ];
    held.release();
    await held.done;
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBe(refused);
    expect(await stored()).toEqual([1, 2, 3, 21, 24]);
    expect(published).toEqual([notice(0), notice(21), notice(24)]);
  });

  it('a batch whose commit fails writes, announces and answers nothing of any of its writes', async () => {
    published.length = 0;
    const held = holdZone('zone-d');
    const writes = [write('zone-d', 31), write('zone-d', 32), write('zone-d', 31)];
    held.release();
    await held.done;
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await stored()).toEqual([1, 2, 3, 21, 24]);
    expect(published).toEqual([notice(0)]);
    // The zone takes writes again.
    await write('zone-d', 33);
    expect(await stored()).toEqual([1, 2, 3, 21, 24, 33]);
  });
});
