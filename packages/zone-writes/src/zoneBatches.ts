import { pipelinedTransaction, type Executor, type ZoneChangeNotice } from '@kaja/db';
import type { PublishingContext } from './afterCommit';
import { ZoneWriteError } from './errors';
import { zoneChangeNotification } from './zoneChangePublisher';

// Group commit of a zone's writes (decisions 067, 085, 100). A zone's writes are serialised by its
// row lock anyway; while one transaction holds it, the writes that arrive for the same zone wait
// here rather than on the lock, and go together in the next transaction: one BEGIN, one statement
// that locks the zone and reads what all of them need, and one COMMIT with the batch's notices.
// Each write then plans against the zone as the writes before it left it, gets its own serial and
// journal entry and answers its own result. A write refuses (`ZoneWriteError`) before it writes
// anything, so a refusal leaves the others' transaction as it was; any other failure before the
// COMMIT (a statement, a write's code, the connection) undoes the transaction, and each of its
// writes runs again alone, so that only what fails fails. Nothing of a batch is announced or
// answered before its commit, and a failed commit fails every write of it, none half-written.

/**
 * One write of a zone's batch. `open` is the same for every write of a zone: it locks the zone and
 * reads, for all the batch's writes, what they plan against (`shared`). `run` plans and writes one
 * write against `shared` and leaves in it the zone as the write left it, for the next; it refuses
 * only with `ZoneWriteError`, and only before it wrote anything.
 */
export interface ZoneWrite<S, T> {
  open(tx: Executor, writes: readonly this[]): Promise<S>;
  run(tx: Executor, shared: S, publish: (notice: ZoneChangeNotice) => void): Promise<T>;
}

interface QueuedWrite {
  /** The writes of one batch share a database and its publisher: the process's. */
  ctx: PublishingContext;
  write: ZoneWrite<unknown, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The most writes one transaction takes: bounds how long it holds the zone and what one database failure undoes. */
export const maxZoneBatch = 64;

/**
 * Per database (a process may open several, as tests do), per zone: the writes waiting for the
 * transaction in progress. A zone has an entry exactly while one of its transactions runs.
 */
const waitingByDatabase = new WeakMap<object, Map<string, QueuedWrite[]>>();

/**
 * Runs `write` in a transaction of the zone's writes: alone and at once when none is in progress
 * in this process, else in the next transaction with the others that arrived meanwhile.
 */
export function inZoneBatch<S, T>(ctx: PublishingContext, zoneId: string, write: ZoneWrite<S, T>): Promise<T> {
  let waiting = waitingByDatabase.get(ctx.db);
  if (!waiting) waitingByDatabase.set(ctx.db, (waiting = new Map<string, QueuedWrite[]>()));
  const zones = waiting;
  return new Promise<T>((resolve, reject) => {
    const queued: QueuedWrite = { ctx, write, resolve: resolve as (value: unknown) => void, reject };
    const queue = zones.get(zoneId);
    if (queue) {
      queue.push(queued);
      return;
    }
    zones.set(zoneId, []);
    void runBatches(zones, zoneId, [queued]);
  });
}

/** Runs batches of the zone's writes, one after the other, until none is waiting. */
async function runBatches(zones: Map<string, QueuedWrite[]>, zoneId: string, first: QueuedWrite[]): Promise<void> {
  let batch = first;
  for (;;) {
    await runBatch(batch);
    const queue = zones.get(zoneId)!;
    if (queue.length === 0) {
      zones.delete(zoneId);
      return;
    }
    batch = queue.splice(0, maxZoneBatch);
  }
}

type Outcome = { ok: true; value: unknown; notices: ZoneChangeNotice[] } | { ok: false; error: unknown };

const noticesOf = (outcomes: readonly Outcome[]) => outcomes.flatMap((outcome) => (outcome.ok ? outcome.notices : []));

/**
 * Runs one batch up to its commit, then announces its changes in this process and answers its
 * writes; never throws. The batch's lock goes out with its BEGIN, and the statement of its notices
 * (which PostgreSQL delivers at the commit, in the order of the commits) with its COMMIT
 * (`pipelinedTransaction`): on PostgreSQL, two round trips fewer than one after the other.
 */
async function runBatch(batch: QueuedWrite[]): Promise<void> {
  const { ctx } = batch[0]!;
  const outcomes: Outcome[] = [];
  /** Whether the transaction failed before its COMMIT was sent: then nothing of it was written. */
  let failedWithin = false;
  const within = async <R>(part: () => Promise<R>): Promise<R> => {
    try {
      return await part();
    } catch (error) {
      failedWithin = true;
      throw error;
    }
  };
  try {
    await pipelinedTransaction(ctx.db, {
      first: (tx) =>
        within(() =>
          batch[0]!.write.open(
            tx,
            batch.map(({ write }) => write),
          ),
        ),
      rest: (tx, shared) =>
        within(async () => {
          for (const { write } of batch) {
            const notices: ZoneChangeNotice[] = [];
            try {
              outcomes.push({ ok: true, value: await write.run(tx, shared, (notice) => notices.push(notice)), notices });
            } catch (error) {
              // A refusal wrote nothing: the transaction goes on with the next write.
              if (!(error instanceof ZoneWriteError)) throw error;
              outcomes.push({ ok: false, error });
            }
          }
        }),
      last: () => zoneChangeNotification(noticesOf(outcomes)),
    });
  } catch (error) {
    if (failedWithin && batch.length > 1) {
      // A statement or a write failed, or the connection was lost, before the COMMIT: nothing of
      // the batch was written. Each write runs again alone, in order (on another connection), so
      // that the others do not fail with it.
      for (const queued of batch) await runBatch([queued]);
      return;
    }
    // Alone, or the COMMIT failed (its notices refused, or its connection lost: whether it took
    // effect is then not known, so nothing is run again): every write of the batch fails.
    for (const { reject } of batch) reject(error);
    return;
  }
  // The batch's notices in serial order, before any of its writes is answered.
  ctx.zoneChanges.announce(noticesOf(outcomes));
  for (const [index, { resolve, reject }] of batch.entries()) {
    const outcome = outcomes[index]!;
    if (outcome.ok) resolve(outcome.value);
    else reject(outcome.error);
  }
}
