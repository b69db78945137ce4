import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from './open';
import { jobs } from './schema/jobs';

export interface JobContext {
  jobId: number;
  /** 1 on the first run, counting retries. */
  attempt: number;
  db: Database;
}

/** Does the work of one job; throwing makes the job retry later (up to its max attempts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the payload is JSON that each handler names its own type for
export type JobHandler = (payload: any, context: JobContext) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds a job; pass the transaction of the change that needs it so both commit together. */
export async function enqueueJob(executor: Executor, name: string, payload: unknown = {}, options: EnqueueOptions = {}): Promise<number> {
  const [row] = await executor
    .insert(jobs)
    .values({ name, payload, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 5 })
    .returning({ id: jobs.id });
  return row!.id;
}

export interface JobRunnerOptions {
  db: Database;
  /** How often to look for due jobs when idle. */
  pollIntervalMs?: number;
  /** A running job not finished within this time is taken to have died with its node and runs again. */
  leaseMs?: number;
  /** Delay before retry number `attempt` (1-based). */
  retryDelayMs?: (attempt: number) => number;
  onError?: (error: unknown, job: { id: number; name: string; attempt: number }) => void;
}

interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Runs jobs stored in the `jobs` table. Several runners (on several nodes) can share the table:
 * a job is claimed with FOR UPDATE SKIP LOCKED, so exactly one runner takes it.
 */
export class JobRunner {
  readonly workerId = randomUUID();
  private readonly handlers = new Map<string, JobHandler>();
  /** The names of the recurring jobs. */
  private readonly recurring = new Set<string>();
  private recurringQueued = false;
  private readonly options: Required<Omit<JobRunnerOptions, 'onError'>> & Pick<JobRunnerOptions, 'onError'>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(options: JobRunnerOptions) {
    this.options = {
      pollIntervalMs: 1000,
      leaseMs: 5 * 60_000,
      retryDelayMs: (attempt) => Math.min(2 ** attempt * 1000, 10 * 60_000),
      ...options,
    };
  }

  register(name: string, handler: JobHandler): this {
    this.handlers.set(name, handler);
    return this;
  }

  /**
   * Runs `handler` every `intervalMs`, on one runner at a time however many share the table: each
   * run queues the next when it ends (failed or not: a failure is logged and not retried), and
   * `queueRecurring` (called by `start`) queues the first when none is waiting or running.
   */
  every(name: string, intervalMs: number, handler: JobHandler): this {
    this.recurring.add(name);
    return this.register(name, async (payload, context) => {
      try {
        await handler(payload, context);
      } finally {
        await queueOnce(this.options.db, name, new Date(Date.now() + intervalMs), ['queued']);
      }
    });
  }

  /** Queues a run, due now, of each recurring job that has none waiting or running. */
  async queueRecurring(): Promise<void> {
    for (const name of this.recurring) await queueOnce(this.options.db, name, new Date(), ['queued', 'running']);
    this.recurringQueued = true;
  }

  /** Claims and runs one due job; resolves to false when none was due. */
  async runNext(): Promise<boolean> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return false;
    const nameList: SQL = sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    );
    const { leaseMs } = this.options;
    return this.claimAndRun(sql`
      SELECT id FROM jobs
      WHERE name IN (${nameList})
        AND ((status = 'queued' AND run_at <= now())
          OR (status = 'running' AND locked_at < now() - make_interval(secs => ${leaseMs / 1000})))
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED`);
  }

  /**
   * Runs this job now if it is still queued and due and this runner has its handler (work whose
   * record must outlive a crash, done at once: a mail sent after its commit). Another runner may
   * have taken it: then nothing happens here.
   */
  async runJob(id: number): Promise<boolean> {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return false;
    const nameList: SQL = sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    );
    return this.claimAndRun(sql`
      SELECT id FROM jobs
      WHERE id = ${id} AND name IN (${nameList}) AND status = 'queued' AND run_at <= now()
      FOR UPDATE SKIP LOCKED`);
  }

  private async claimAndRun(candidate: SQL): Promise<boolean> {
    const { db } = this.options;
    const claimed = rowsOf<ClaimedJob>(
      await db.execute(sql`
        UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = ${this.workerId}, updated_at = now()
        WHERE id = (${candidate})
        RETURNING id, name, payload, attempts, max_attempts`),
    )[0];
    if (!claimed) return false;

    const id = Number(claimed.id);
    if (claimed.attempts > claimed.max_attempts) {
      await db.execute(sql`UPDATE jobs SET status = 'failed', locked_at = NULL, updated_at = now() WHERE id = ${id}`);
      // A recurring run whose runner died never reached its own `finally`.
      if (this.recurring.has(claimed.name)) await queueOnce(db, claimed.name, new Date(), ['queued']);
      return true;
    }
    try {
      await this.handlers.get(claimed.name)!(claimed.payload, { jobId: id, attempt: claimed.attempts, db });
      await db.execute(sql`UPDATE jobs SET status = 'done', locked_at = NULL, last_error = NULL, updated_at = now() WHERE id = ${id}`);
    } catch (error) {
      this.options.onError?.(error, { id, name: claimed.name, attempt: claimed.attempts });
      const message = error instanceof Error ? error.message : String(error);
      const retry = claimed.attempts < claimed.max_attempts;
      const delaySeconds = this.options.retryDelayMs(claimed.attempts) / 1000;
      await db.execute(sql`
        UPDATE jobs SET status = ${retry ? 'queued' : 'failed'}, locked_at = NULL, last_error = ${message},
          run_at = now() + make_interval(secs => ${delaySeconds}), updated_at = now()
        WHERE id = ${id}`);
    }
    return true;
  }

  /** Runs due jobs until none is left (handy in tests and at shutdown). */
  async runUntilIdle(): Promise<void> {
    while (await this.runNext());
  }

  /** Polls for due jobs until stop(). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for due jobs now instead of at the next poll (call after enqueueing). */
  wake(): void {
    if (this.stopped || this.running) return;
    clearTimeout(this.timer);
    this.schedule(0);
  }

  /** Stops polling and waits for the job in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number) {
    this.timer = setTimeout(() => {
      this.running = (this.recurringQueued ? Promise.resolve() : this.queueRecurring())
        .then(() => this.runUntilIdle())
        .catch((error) => this.options.onError?.(error, { id: 0, name: 'claim', attempt: 0 }))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.options.pollIntervalMs);
        });
    }, delay);
    this.timer.unref();
  }
}

/** Adds a run of the job unless one in `unless` states exists; the advisory lock makes the check and the insert one step across runners. */
async function queueOnce(db: Database, name: string, runAt: Date, unless: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`jobs.recurring:${name}`}))`);
    await tx.execute(sql`
      INSERT INTO jobs (name, payload, run_at, max_attempts)
      SELECT ${name}, '{}'::jsonb, ${runAt.toISOString()}::timestamptz, 1
      WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE name = ${name} AND status IN (${sql.join(
        unless.map((status) => sql`${status}`),
        sql`, `,
      )}))`);
  });
}
