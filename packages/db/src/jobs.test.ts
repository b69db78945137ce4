import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { JobRunner, enqueueJob } from './jobs';
import { jobs } from './schema/index';
import { createTestDatabase } from './testing';
import type { DatabaseHandle } from './open';

describe('JobRunner', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const jobRow = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  it('runs a job once with its payload and marks it done', async () => {
    const seen: unknown[] = [];
    const runner = new JobRunner({ db: database.db }).register('greet', async (payload) => {
      seen.push(payload);
    });
    const id = await enqueueJob(database.db, 'greet', { name: 'zone.example' });
    await runner.runUntilIdle();
    expect(seen).toEqual([{ name: 'zone.example' }]);
    expect((await jobRow(id)).status).toBe('done');
    expect(await runner.runNext()).toBe(false);
  });

  it('enqueued inside a rolled-back transaction, the job never exists', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueJob(tx, 'never', {});
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await database.db.select().from(jobs).where(eq(jobs.name, 'never'));
    expect(rows).toHaveLength(0);
  });

  it('retries a failing job later and fails it after its last attempt', async () => {
    let calls = 0;
    const runner = new JobRunner({ db: database.db, retryDelayMs: () => 0 }).register('flaky', async () => {
      calls += 1;
      throw new Error(`attempt ${calls} failed`);
    });
    const id = await enqueueJob(database.db, 'flaky', {}, { maxAttempts: 3 });
    await runner.runUntilIdle();
    const row = await jobRow(id);
    expect(calls).toBe(3);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBe('attempt 3 failed');
  });

  it('does not run jobs before their time or jobs without a handler here', async () => {
    const runner = new JobRunner({ db: database.db }).register('later', async () => {});
    const id = await enqueueJob(database.db, 'later', {}, { runAt: new Date(Date.now() + 60_000) });
    await enqueueJob(database.db, 'other-node-only', {});
    expect(await runner.runNext()).toBe(false);
    expect((await jobRow(id)).status).toBe('queued');
  });

  it('takes over a job whose runner died (lease expired), as after a restart', async () => {
    const id = await enqueueJob(database.db, 'resume', { step: 1 });
    // A runner claimed it and then the process died: the row stays 'running' with an old lock.
    await database.db.execute(
      sql`UPDATE jobs SET status = 'running', attempts = 1, locked_at = now() - interval '10 minutes', locked_by = 'dead' WHERE id = ${id}`,
    );
    let resumed = 0;
    const runner = new JobRunner({ db: database.db, leaseMs: 60_000 }).register('resume', async () => {
      resumed += 1;
    });
    await runner.runUntilIdle();
    expect(resumed).toBe(1);
    expect((await jobRow(id)).status).toBe('done');
  });

  it('a recurring job: one run waiting however many runners start, the next queued after each run, failed or not', async () => {
    const waiting = async () => (await database.db.select().from(jobs).where(eq(jobs.name, 'tick'))).filter((row) => row.status === 'queued');
    let runs = 0;
    const handler = async () => {
      runs += 1;
      if (runs === 1) throw new Error('first run fails');
    };
    const first = new JobRunner({ db: database.db }).every('tick', 60_000, handler);
    const second = new JobRunner({ db: database.db }).every('tick', 60_000, handler);
    await Promise.all([first.queueRecurring(), second.queueRecurring(), first.queueRecurring()]);
    expect(await waiting()).toHaveLength(1);

    await first.runUntilIdle();
    await second.runUntilIdle();
    expect(runs).toBe(1);
    const rows = await database.db.select().from(jobs).where(eq(jobs.name, 'tick'));
    expect(rows.map((row) => row.status).sort()).toEqual(['failed', 'queued']);
    expect(rows.find((row) => row.status === 'failed')!.lastError).toBe('first run fails');
    const [next] = await waiting();
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // Due again: it runs, and queues the one after.
    await database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE id = ${next!.id}`);
    await second.runUntilIdle();
    expect(runs).toBe(2);
    expect(await waiting()).toHaveLength(1);
    expect((await jobRow(next!.id)).status).toBe('done');
  });

  it('a recurring run whose runner died is taken over as failed, and the next one runs at once', async () => {
    const runner = new JobRunner({ db: database.db, leaseMs: 60_000 }).every('sweep', 60_000, async () => {});
    await runner.queueRecurring();
    await database.db.execute(
      sql`UPDATE jobs SET status = 'running', attempts = 1, locked_at = now() - interval '10 minutes', locked_by = 'dead' WHERE name = 'sweep'`,
    );
    await runner.runUntilIdle();
    const rows = await database.db.select().from(jobs).where(eq(jobs.name, 'sweep'));
    expect(rows.map((row) => row.status).sort()).toEqual(['done', 'failed', 'queued']);
  });

  it('two runners never run the same job twice', async () => {
    const ran: number[] = [];
    const handler = async (payload: { n: number }) => {
      ran.push(payload.n);
    };
    const first = new JobRunner({ db: database.db }).register('count', handler);
    const second = new JobRunner({ db: database.db }).register('count', handler);
    for (let n = 0; n < 20; n++) await enqueueJob(database.db, 'count', { n });
    await Promise.all([first.runUntilIdle(), second.runUntilIdle()]);
    expect(ran.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });

  it('start() polls in the background and stop() waits for it', async () => {
    const done: string[] = [];
    const runner = new JobRunner({ db: database.db, pollIntervalMs: 20 }).register('background', async (payload) => {
      done.push(payload.id);
    });
    runner.start();
    await enqueueJob(database.db, 'background', { id: 'a' });
    runner.wake();
    await expect.poll(() => done, { timeout: 5000 }).toEqual(['a']);
    await runner.stop();
  });
});
