import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@kaja/db/orm';
import type { DatabaseHandle, Executor, ZoneChangeNotice } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { startPostgres, type TestPostgres } from '@kaja/test-support/postgres';
import { ZoneWriteError } from './errors';
import { inZoneBatch, type ZoneWrite } from './zoneBatches';

describe('a zone’s writes committed together', () => {
  let database: DatabaseHandle;
  const published: ZoneChangeNotice[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    // A row per write; the same id twice fails only at COMMIT (deferred): a batch whose commit fails.
    await database.db.execute(sql`CREATE TABLE batch_writes (id integer, CONSTRAINT batch_writes_once UNIQUE (id) DEFERRABLE INITIALLY DEFERRED)`);
  });
  afterAll(() => database.close());

  const ctx = () => ({ db: database.db, zoneChanges: { announce: (notices: readonly ZoneChangeNotice[]) => void published.push(...notices) } });
  const notice = (serial: number): ZoneChangeNotice => ({ zone_id: '00000000-0000-4000-8000-000000000002', zone: 'batch.example', serial, status: 'active' });
  const stored = async () =>
    ((await database.db.execute(sql`SELECT id FROM batch_writes ORDER BY id`)) as { rows: { id: number }[] }).rows.map((row) => row.id);
  const transactionId = async (tx: Executor) => String(((await tx.execute(sql`SELECT txid_current() AS id`)) as { rows: { id: unknown }[] }).rows[0]!.id);

  /** The ids of the writes each batch's `open` was given, in order (0: a held transaction). */
  const opened: number[][] = [];
  interface RowWrite extends ZoneWrite<string, string> {
    id: number;
  }
  /**
   * A write of row `id` with serial `id`, answering its transaction's id (as its batch's `open`
   * read it); `refusal` refuses it before it writes, `then` runs after it wrote. Row 0 is not
   * written: that write only holds its transaction until `then` returns.
   */
  const write = (zoneId: string, id: number, options: { refusal?: ZoneWriteError; then?: (tx: Executor) => Promise<void> } = {}) => {
    const row: RowWrite = {
      id,
      open: async (tx, writes) => {
        opened.push(writes.map((each) => each.id));
        return transactionId(tx);
      },
      run: async (tx, transaction, publish) => {
        if (options.refusal) throw options.refusal;
        if (id !== 0) await tx.execute(sql`INSERT INTO batch_writes (id) VALUES (${id})`);
        await options.then?.(tx);
        publish(notice(id));
        return transaction;
      },
    };
    return inZoneBatch(ctx(), zoneId, row);
  };

  /** Holds a zone's transaction open until released, so that the writes made meanwhile wait for the next one. */
  function holdZone(zoneId: string) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done = write(zoneId, 0, { then: () => released });
    return { release, done };
  }

  it('writes arriving during a transaction share the next one, opened once for all, each answered and announced in order after its commit', async () => {
    published.length = 0;
    opened.length = 0;
    const held = holdZone('zone-a');
    const writes = [write('zone-a', 1), write('zone-a', 2), write('zone-a', 3)];
    expect(published).toEqual([]);
    held.release();
    const first = await held.done;
    const batched = await Promise.all(writes);
    expect(new Set(batched).size).toBe(1);
    expect(batched[0]).not.toBe(first);
    expect(opened).toEqual([[0], [1, 2, 3]]);
    expect(published).toEqual([notice(0), notice(1), notice(2), notice(3)]);
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('a write refused in a batch fails alone and the others commit in the same transaction', async () => {
    published.length = 0;
    const held = holdZone('zone-b');
    const refused = new ZoneWriteError('invalid_change', 'refused under the lock');
    const writes = [write('zone-b', 11), write('zone-b', 12, { refusal: refused }), write('zone-b', 13)];
    held.release();
    await held.done;
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBe(refused);
    const transactions = outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : undefined));
    expect(transactions[0]).toBe(transactions[2]);
    expect(await stored()).toEqual([1, 2, 3, 11, 13]);
    expect(published).toEqual([notice(0), notice(11), notice(13)]);
  });

  it('a write failing otherwise undoes its batch, whose writes then run alone: only it fails', async () => {
    published.length = 0;
    opened.length = 0;
    const held = holdZone('zone-c');
    const refused = new ZoneWriteError('invalid_change', 'refused under the lock');
    const writes = [
      write('zone-c', 21),
      write('zone-c', 22, { refusal: refused }),
      // A statement that fails aborts the transaction: what the writes before it wrote is undone with it.
      write('zone-c', 23, {
        then: async (tx) => {
          await tx.execute(sql`SELECT * FROM no_such_table`);
        },
      }),
      write('zone-c', 24),
    ];
    held.release();
    await held.done;
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBe(refused);
    expect(opened).toEqual([[0], [21, 22, 23, 24], [21], [22], [23], [24]]);
    expect(await stored()).toEqual([1, 2, 3, 11, 13, 21, 24]);
    expect(published).toEqual([notice(0), notice(21), notice(24)]);
  });

  it('announces each batch in this process after its commit, in order, and answers each write after its own announcement', async () => {
    const events: string[] = [];
    const logged = {
      db: database.db,
      zoneChanges: { announce: (notices: readonly ZoneChangeNotice[]) => void events.push(...notices.map((each) => `announced ${each.serial}`)) },
    };
    const row = (id: number): RowWrite => ({
      id,
      open: (tx) => transactionId(tx),
      run: async (tx, transaction, publish) => {
        await tx.execute(sql`INSERT INTO batch_writes (id) VALUES (${id})`);
        publish(notice(id));
        events.push(`wrote ${id}`);
        return transaction;
      },
    });
    const writes = [41, 42, 43].map((id) => inZoneBatch(logged, 'zone-e', row(id)).then(() => events.push(`answered ${id}`)));
    await Promise.all(writes);
    // 41 alone, then 42 and 43, made while it ran, together.
    expect(events).toEqual(['wrote 41', 'announced 41', 'answered 41', 'wrote 42', 'wrote 43', 'announced 42', 'announced 43', 'answered 42', 'answered 43']);
  });

  it('a batch whose commit fails writes, announces and answers nothing of any of its writes', async () => {
    published.length = 0;
    const held = holdZone('zone-d');
    const writes = [write('zone-d', 31), write('zone-d', 32), write('zone-d', 31)];
    held.release();
    await held.done;
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await stored()).toEqual([1, 2, 3, 11, 13, 21, 24, 41, 42, 43]);
    expect(published).toEqual([notice(0)]);
    // The zone takes writes again.
    await write('zone-d', 33);
    expect(await stored()).toEqual([1, 2, 3, 11, 13, 21, 24, 33, 41, 42, 43]);
  });
});

// A connection that PostgreSQL ends in the middle of a batch (the server's own termination of the
// backend, as a restart or an administrator's does): only a server has backends to end, so this runs
// on the one of DATABASE_URL, else on one of its own.
describe('a zone’s batch whose connection is ended before or at its COMMIT', () => {
  let postgres: TestPostgres | undefined;
  let database: DatabaseHandle;
  beforeAll(async () => {
    if (!process.env.DATABASE_URL) postgres = await startPostgres();
    database = await createTestDatabase(process.env.DATABASE_URL || postgres!.url);
    await database.db.execute(sql`CREATE TABLE batch_writes (id integer UNIQUE)`);
  });
  afterAll(async () => {
    await database?.close();
    await postgres?.close();
  });

  it('runs each of its writes again alone, on other connections: only the write whose connection ends fails', async () => {
    const announced: number[] = [];
    const ctx = {
      db: database.db,
      zoneChanges: { announce: (notices: readonly ZoneChangeNotice[]) => void announced.push(...notices.map((each) => each.serial)) },
    };
    /** Writes row `id`; `end` then has the server end the write's own connection. */
    const write = (id: number, end = false) =>
      inZoneBatch(ctx, 'zone-ended', {
        open: async () => undefined,
        run: async (tx, _shared, publish) => {
          await tx.execute(sql`INSERT INTO batch_writes (id) VALUES (${id})`);
          if (end) await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
          publish({ zone_id: '00000000-0000-4000-8000-000000000003', zone: 'ended.example', serial: id, status: 'active' });
        },
      });
    // The first runs alone; the rest, made while it runs, are one batch.
    const outcomes = await Promise.allSettled([write(1), write(2), write(3, true), write(4)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const rows = (await database.db.execute(sql`SELECT id FROM batch_writes ORDER BY id`)) as { rows: { id: number }[] };
    expect(rows.rows.map((row) => row.id)).toEqual([1, 2, 4]);
    expect(announced).toEqual([1, 2, 4]);
    // The pool gave the ended connections up: the database takes writes again.
    await write(5);
    expect(announced).toEqual([1, 2, 4, 5]);
  });

  it('fails every write of a batch whose connection ends at its COMMIT, runs none again, and writes none', async () => {
    // Checked at the COMMIT (a deferred constraint trigger): row 13 ends the connection there, with
    // the COMMIT and the batch's notices in flight, before PostgreSQL commits anything.
    await database.db.execute(sql`CREATE TABLE batch_commits (id integer UNIQUE)`);
    await database.db.execute(
      sql.raw(
        `CREATE FUNCTION end_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NULL; END $$`,
      ),
    );
    await database.db.execute(
      sql`CREATE CONSTRAINT TRIGGER end_at_commit AFTER INSERT ON batch_commits DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.id = 13) EXECUTE FUNCTION end_at_commit()`,
    );
    const announced: number[] = [];
    const ctx = {
      db: database.db,
      zoneChanges: { announce: (notices: readonly ZoneChangeNotice[]) => void announced.push(...notices.map((each) => each.serial)) },
    };
    let runs = 0;
    const write = (id: number) =>
      inZoneBatch(ctx, 'zone-commit-ended', {
        open: async () => undefined,
        run: async (tx, _shared, publish) => {
          runs++;
          await tx.execute(sql`INSERT INTO batch_commits (id) VALUES (${id})`);
          publish({ zone_id: '00000000-0000-4000-8000-000000000004', zone: 'commit-ended.example', serial: id, status: 'active' });
        },
      });
    // The first runs alone; the rest, made while it runs, are one batch, whose COMMIT is cut.
    const outcomes = await Promise.allSettled([write(11), write(12), write(13), write(14)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected']);
    // Whether a COMMIT whose answer never came took effect is not known to the writer: none runs again.
    expect(runs).toBe(4);
    const rows = (await database.db.execute(sql`SELECT id FROM batch_commits ORDER BY id`)) as { rows: { id: number }[] };
    expect(rows.rows.map((row) => row.id)).toEqual([11]);
    expect(announced).toEqual([11]);
    // The ended connection was closed, not handed out again: the next transactions commit as ever.
    await Promise.all([write(15), write(16), write(17)]);
    expect(announced).toEqual([11, 15, 16, 17]);
  });
});
