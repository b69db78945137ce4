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
 * A replacement takes seconds to serve (its thread loads the server's code anew), so the log says
 * how many workers serve when one ends and when its replacement serves: a node whose workers all
 * end within those seconds answers nothing until a replacement serves.
 */
export class WorkerSupervisor {
  readonly workers = new Set<Worker>();
  /** The workers that said they serve and have not ended. */
  private readonly serving = new Set<Worker>();
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

  /** `replacing`: the thread id of the worker this one is started in place of. */
  private startWorker(lead: boolean, replacing?: number): void {
    const worker = this.options.start(lead);
    // Read now: once the thread has ended, `threadId` is -1.
    const id = worker.threadId;
    this.workers.add(worker);
    if (lead) this.lead = worker;
    worker.on('message', (message: unknown) => {
      const ready = message as Partial<WorkerReady> | null;
      if (typeof ready?.ready !== 'number') return;
      this.serving.add(worker);
      if (replacing !== undefined) this.options.log(`dns: worker ${id} serves in place of worker ${replacing} (${this.servingCount()})`);
      if (++this.ready === this.options.count) {
        this.options.onReady(ready as WorkerReady);
        this.allReady();
      }
    });
    worker.on('error', (error: Error) => this.options.log(`dns: worker ${id}: ${error.message}`));
    worker.on('exit', (code) => {
      this.workers.delete(worker);
      this.serving.delete(worker);
      if (this.stopping) return;
      if (this.ready < this.options.count) {
        this.stopping = true;
        for (const other of this.workers) void other.terminate();
        this.startFailed(new Error(`a worker ended (${code}) before every worker served`));
        return;
      }
      this.options.log(`dns: worker ${id} ended (${code}); starting another (${this.servingCount()})`);
      this.startWorker(worker === this.lead, id);
    });
  }

  private servingCount(): string {
    return `${this.serving.size} of ${this.options.count} workers serve`;
  }
}
