import type { Worker } from 'node:worker_threads';

/** What a worker posts once it serves. */
export interface WorkerReady {
  ready: number;
  fromSnapshot?: boolean;
}

/** What a spare is told when it is to serve in place of a worker that ended. */
export interface ServeInPlace {
  serve: { lead: boolean };
}

export interface WorkerSupervisorOptions {
  count: number;
  /**
   * Starts one worker thread; `lead` gives it the role one worker of a node holds (NOTIFY,
   * snapshot, heartbeat). A `spare` loads the server's code and waits for `ServeInPlace` (with the
   * role then) or `{ stop: true }`.
   */
  start(lead: boolean, spare: boolean): Worker;
  /** Told once, when every worker first serves, with the last one's message. */
  onReady(ready: WorkerReady): void;
  log(line: string): void;
}

/**
 * Keeps `count` worker threads running. A worker that fails while the node starts (a port in use,
 * a database it cannot reach) would fail again: every worker is ended and `started` rejects. One
 * that ends later is replaced, and the lead role passes to the one started in place of its holder.
 *
 * A thread started anew takes seconds to serve, most of them loading the server's code (2 to 9 s
 * measured on 2 busy cores). Were a second worker to end within them, the node would answer
 * nothing until a replacement served; so a spare thread is kept with the code loaded, and it is
 * the replacement (serving within a second) while another spare loads. The log says how many
 * workers serve when one ends and when its replacement serves.
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
  /** The thread that serves in place of the next worker to end; not among `workers` until then. */
  private spare: Worker | undefined;
  private spareOnceServing = false;
  private startFailed!: (error: Error) => void;
  private allReady!: () => void;

  constructor(private readonly options: WorkerSupervisorOptions) {
    this.started = new Promise((resolve, reject) => {
      this.allReady = resolve;
      this.startFailed = reject;
    });
  }

  /**
   * Starts the workers, the first of them the lead, and the spare beside them, or with
   * `spareOnceServing` once every worker serves.
   */
  start({ spareOnceServing = false } = {}): void {
    this.spareOnceServing = spareOnceServing;
    for (let i = 0; i < this.options.count; i++) this.supervise(this.options.start(i === 0, false), i === 0);
    // Now rather than once they serve: a worker may end within seconds of the start too, and the
    // spare's load overlaps theirs (their start is mostly the same load).
    if (!spareOnceServing) this.startSpare();
  }

  /** Asks every worker (and the spare) to close what it serves; one still running after `graceMs` is ended. */
  stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    const exits = [...this.workers, ...(this.spare ? [this.spare] : [])].map((worker) => {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage({ stop: true });
      const timer = setTimeout(() => void worker.terminate(), graceMs);
      return exited.finally(() => clearTimeout(timer));
    });
    return Promise.all(exits).then(() => undefined);
  }

  /** `replacing`: the thread id of the worker this one serves in place of. */
  private supervise(worker: Worker, lead: boolean, replacing?: number): void {
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
        if (this.spareOnceServing) this.startSpare();
      }
      // A replacement took the spare (or one could not load): another loads once every worker serves, not to slow them.
      if (replacing !== undefined && this.serving.size === this.options.count) this.startSpare();
    });
    worker.on('error', (error: Error) => this.options.log(`dns: worker ${id}: ${error.message}`));
    worker.on('exit', (code) => {
      this.workers.delete(worker);
      this.serving.delete(worker);
      if (this.stopping) return;
      if (this.ready < this.options.count) {
        this.stopping = true;
        for (const other of [...this.workers, ...(this.spare ? [this.spare] : [])]) void other.terminate();
        this.startFailed(new Error(`a worker ended (${code}) before every worker served`));
        return;
      }
      const spare = this.spare;
      this.options.log(`dns: worker ${id} ended (${code}); starting another${spare ? ' (the spare)' : ''} (${this.servingCount()})`);
      const takesLead = worker === this.lead;
      if (spare) {
        // Told even while it still loads: it serves as soon as it can, sooner than a thread started now.
        this.spare = undefined;
        spare.postMessage({ serve: { lead: takesLead } } satisfies ServeInPlace);
        this.supervise(spare, takesLead, id);
      } else this.supervise(this.options.start(takesLead, false), takesLead, id);
    });
  }

  /** Starts a spare unless there is one (or the node stops). */
  private startSpare(): void {
    if (this.spare || this.stopping) return;
    const spare = this.options.start(false, true);
    const id = spare.threadId;
    this.spare = spare;
    // Once it serves, `supervise` reports what ends it.
    spare.on('error', (error: Error) => this.spare === spare && this.options.log(`dns: spare worker ${id}: ${error.message}`));
    spare.on('exit', (code) => {
      if (this.spare !== spare) return; // serving by now: `supervise` saw its end
      this.spare = undefined;
      // Not started again at once (a spare that cannot load would end again, and again): one is once a replacement serves.
      if (!this.stopping) this.options.log(`dns: spare worker ${id} ended (${code})`);
    });
  }

  private servingCount(): string {
    return `${this.serving.size} of ${this.options.count} workers serve`;
  }
}
