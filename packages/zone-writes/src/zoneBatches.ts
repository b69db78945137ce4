import type { Executor, ZoneChangeNotice } from '@kaja/db';
import { inTransaction, type PublishingContext } from './afterCommit';

// Group commit of a zone's writes (decision 067). A zone's writes are serialised by its row lock
// anyway; while one transaction holds it, the writes that arrive for the same zone wait here rather
// than on the lock, and go together in the next transaction: one BEGIN, one lock wait and one
// COMMIT for all of them. Each still takes the lock, reads the zone as the writes before it left it,
// gets its own serial and journal entry and answers its own result, inside a savepoint of its own:
// a write refused or failing rolls back alone. Nothing of a batch is announced or answered before
// its commit, and a failed commit fails every write of it, none half-written.

/** The work of one write in a transaction; `publish` collects its notices for after the commit. */
export type ZoneWrite<T> = (tx: Executor, publish: (notice: ZoneChangeNotice) => void) => Promise<T>;

interface QueuedWrite {
  /** The writes of one batch share a database and its publisher: the process's. */
  ctx: PublishingContext;
  work: ZoneWrite<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The most writes one transaction takes: bounds how long it holds the zone and what one database failure undoes. */
export const maxZoneBatch = 64;

/**
 * Per database (a process may open several, as tests do), per zone: the writes waiting for the
 * transaction in progress. A zone has an entry exactly while one of its transactions runs.
 */
const waitingByDatabase = new WeakMap<object, Map<string, QueuedWrite[]>>();

/**
 * Runs `work` in a transaction of the zone's writes: alone and at once when none is in progress
 * in this process, else in the next transaction with the others that arrived meanwhile.
 */
export function inZoneBatch<T>(ctx: PublishingContext, zoneId: string, work: ZoneWrite<T>): Promise<T> {
  let waiting = waitingByDatabase.get(ctx.db);
  if (!waiting) waitingByDatabase.set(ctx.db, (waiting = new Map<string, QueuedWrite[]>()));
  const zones = waiting;
  return new Promise<T>((resolve, reject) => {
    const write: QueuedWrite = { ctx, work, resolve, reject };
    const queue = zones.get(zoneId);
    if (queue) {
      queue.push(write);
      return;
    }
    zones.set(zoneId, []);
    void runBatches(zones, zoneId, [write]);
  });
}

/** Runs batches of the zone's writes until none is waiting. */
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

/** Runs one batch and answers each of its writes; never throws. */
async function runBatch(batch: QueuedWrite[]): Promise<void> {
  if (batch.length === 1) {
    // Alone, the write is the transaction: no savepoint needed.
    const [write] = batch as [QueuedWrite];
    try {
      write.resolve(await inTransaction(write.ctx, (tx, after) => write.work(tx, (notice) => after.publish(notice))));
    } catch (error) {
      write.reject(error);
    }
    return;
  }
  const outcomes: Outcome[] = [];
  try {
    await batch[0]!.ctx.db.transaction(async (tx) => {
      for (const write of batch) {
        const notices: ZoneChangeNotice[] = [];
        try {
          const value = await tx.transaction((savepoint) => write.work(savepoint, (notice) => notices.push(notice)));
          outcomes.push({ ok: true, value, notices });
        } catch (error) {
          outcomes.push({ ok: false, error });
        }
      }
    });
  } catch (error) {
    // The commit (or the connection) failed: nothing of the batch was written.
    for (const write of batch) write.reject(error);
    return;
  }
  // One announcement for the batch, its notices in serial order (`publishAll` never throws); then the answers.
  await batch[0]!.ctx.zoneChanges.publishAll(outcomes.flatMap((outcome) => (outcome.ok ? outcome.notices : [])));
  for (const [index, write] of batch.entries()) {
    const outcome = outcomes[index]!;
    if (outcome.ok) write.resolve(outcome.value);
    else write.reject(outcome.error);
  }
}
