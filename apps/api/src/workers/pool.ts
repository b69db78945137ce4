import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { ApiError, type ErrorCode, type ErrorDetails } from '../errors';
import { startModuleWorker } from '@kaja/module-worker';
import type { TaskName, Tasks } from './tasks';

/** What a worker answers for one task. */
export type TaskOutcome =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; api?: { code: ErrorCode; message: string; details: ErrorDetails } } };

interface QueuedTask {
  id: number;
  task: TaskName;
  input: unknown;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface WorkerPoolOptions {
  /** Worker threads at most (default: one per core beyond the first, at least 1 and at most 2). */
  threads?: number;
  /** Tasks that may wait for a busy thread; one more is refused with `unavailable` (default 8). */
  queue?: number;
  /** Tasks one customer may have running or waiting; one more is refused with `rate_limited` (default 2). */
  perCustomer?: number;
}

/** Seconds a refused client is told to wait. */
const retryAfterSeconds = 5;

/**
 * A few worker threads for the CPU-heavy part of requests (reading, planning and writing zone
 * files), so the event loop that answers every other request never runs it. Threads start when
 * first needed and stay; a bounded queue refuses a flood with 503 instead of letting it wait
 * without end.
 */
export class WorkerPool {
  readonly threads: number;
  readonly queueLimit: number;
  readonly perCustomer: number;
  private readonly customers = new Map<string, number>();
  private readonly workers = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, QueuedTask>();
  private readonly queue: QueuedTask[] = [];
  private starting = 0;
  private nextId = 1;
  private closed = false;

  constructor(options: WorkerPoolOptions = {}) {
    this.threads = options.threads ?? Math.min(2, Math.max(1, availableParallelism() - 1));
    this.queueLimit = options.queue ?? 8;
    this.perCustomer = options.perCustomer ?? 2;
  }

  /**
   * Runs a task for a customer on a worker thread; its ApiError (a bad file) arrives as that
   * ApiError. One customer cannot take the whole pool: beyond `perCustomer` tasks it is refused.
   */
  run<T extends TaskName>(task: T, input: Parameters<Tasks[T]>[0], customerId: string): Promise<Awaited<ReturnType<Tasks[T]>>> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed'));
    const own = this.customers.get(customerId) ?? 0;
    if (own >= this.perCustomer) {
      return Promise.reject(
        new ApiError(
          'rate_limited',
          `You have ${own} large requests (imports, exports, restores) under way: wait for one to finish`,
          { in_progress: own, retry_after: retryAfterSeconds },
          { 'Retry-After': String(retryAfterSeconds) },
        ),
      );
    }
    if (this.busy.size + this.queue.length >= this.threads + this.queueLimit) {
      return Promise.reject(
        new ApiError(
          'unavailable',
          'The server is busy with other large requests: try again shortly',
          { retry_after: retryAfterSeconds },
          { 'Retry-After': String(retryAfterSeconds) },
        ),
      );
    }
    this.customers.set(customerId, own + 1);
    const done = () => {
      const left = (this.customers.get(customerId) ?? 1) - 1;
      if (left > 0) this.customers.set(customerId, left);
      else this.customers.delete(customerId);
    };
    return new Promise<Awaited<ReturnType<Tasks[T]>>>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, task, input, resolve: resolve, reject });
      this.dispatch();
    }).finally(done);
  }

  /** Stops every thread; queued and running tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('The worker pool is closed'));
    await Promise.all([...this.workers].map((worker) => worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.idle.length > 0) {
      const worker = this.idle.pop()!;
      const task = this.queue.shift()!;
      this.busy.set(worker, task);
      worker.postMessage({ id: task.id, task: task.task, input: task.input });
    }
    if (this.queue.length > this.starting && this.idle.length + this.busy.size + this.starting < this.threads) this.startWorker();
  }

  private startWorker(): void {
    this.starting++;
    const worker = startModuleWorker(new URL('./worker.ts', import.meta.url));
    this.workers.add(worker);
    let ready = false;
    let failure: Error | undefined;
    worker.on('message', (message: TaskOutcome | 'ready') => {
      if (message === 'ready') {
        ready = true;
        this.starting--;
        this.idle.push(worker);
        this.dispatch();
        return;
      }
      const task = this.busy.get(worker);
      if (!task || task.id !== message.id) return;
      this.busy.delete(worker);
      this.idle.push(worker);
      if (message.ok) task.resolve(message.value);
      else
        task.reject(
          message.error.api ? new ApiError(message.error.api.code, message.error.api.message, message.error.api.details) : new Error(message.error.message),
        );
      this.dispatch();
    });
    worker.on('error', (error: Error) => {
      failure = error;
    });
    // A thread that dies takes its task with it; the next task starts a new one.
    worker.on('exit', (code) => {
      this.workers.delete(worker);
      const error = failure ?? new Error(`A worker thread stopped (exit code ${code})`);
      if (!ready) {
        this.starting--;
        // A thread that cannot start would fail every waiting task the same way.
        for (const task of this.queue.splice(0)) task.reject(error);
      }
      const task = this.busy.get(worker);
      if (task) {
        this.busy.delete(worker);
        task.reject(error);
      }
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      if (!this.closed) this.dispatch();
    });
  }
}
