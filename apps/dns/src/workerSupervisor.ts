import type { Worker } from 'node:worker_threads';

/** What a worker posts once it serves. */
export interface WorkerReady {
  ready: number;
  fromSnapshot?: boolean;
}

export interface WorkerSupervisorOptions {
  count: number;
  /** Starts one worker thread; `lead` gives it the role one worker of a node holds (NOTIFY, snapshot, heartbeat). */
  start(lead: boolean): Worker;
  /** Told once, when every worker first serves, with the last one's message. */
  onReady(ready: WorkerReady): void;
  log(line: string): void;
}

/**
 * Keeps `count` worker threads running. A worker that fails while the node starts (a port in use,
 * a database it cannot reach) would fail again: every worker is ended and `started` rejects. One
 * that ends later is replaced, and the lead role passes to the one started in place of its holder.
 */
export class WorkerSupervisor {
  readonly workers = new Set<Worker>();
  /** Resolves when every worker serves; rejects when one ends before. */
  readonly started: Promise<void>;
  private stopping = false;
  private ready = 0;
  private lead: Worker | undefined;
  private startFailed!: (error: Error) => void;
  private allReady!: () => void;

  constructor(private readonly options: WorkerSupervisorOptions) {
    this.started = new Promise((resolve, reject) => {
      this.allReady = resolve;
      this.startFailed = reject;
    });
  }

  /** Starts the workers, the first of them the lead. */
  start(): void {
    for (let i = 0; i < this.options.count; i++) this.startWorker(i === 0);
  }

  /** Asks every worker to close what it serves; one still running after `graceMs` is ended. */
  stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    const exits = [...this.workers].map((worker) => {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ stop: true });
      const timer = setTimeout(() => void worker.terminate(), graceMs);
      return exited.finally(() => clearTimeout(timer));
    });
    return Promise.all(exits).then(() => undefined);
  }

  private startWorker(lead: boolean): void {
    const worker = this.options.start(lead);
    this.workers.add(worker);
    if (lead) this.lead = worker;
    worker.on('message', (message: unknown) => {
      const ready = message as Partial<WorkerReady> | null;
      if (typeof ready?.ready !== 'number') return;
      if (++this.ready === this.options.count) {
        this.options.onReady(ready as WorkerReady);
        this.allReady();
      }
    });
    worker.on('error', (error: Error) => this.options.log(`dns: worker ${worker.threadId}: ${error.message}`));
    worker.on('exit', (code) => {
      this.workers.delete(worker);
      if (this.stopping) return;
      if (this.ready < this.options.count) {
        this.stopping = true;
        for (const other of this.workers) void other.terminate();
        this.startFailed(new Error(`a worker ended (${code}) before every worker served`));
        return;
      }
      this.options.log(`dns: worker ${worker.threadId} ended (${code}); starting another`);
      this.startWorker(worker === this.lead);
    });
  }
}
