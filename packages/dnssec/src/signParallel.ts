import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { exportPrivateKey, type Keytype } from './keys';
import type { SignatureTimes } from './rrsig';
import { planZone, type SignedRecord, type SigningJob, type SignZoneOptions } from './signZone';

/** What one signing thread gets: its jobs and the keys as PKCS #8 (key objects do not cross threads). */
export interface SigningTask {
  zone: string;
  times: SignatureTimes;
  keys: { keytype: Keytype; algorithm: number; pkcs8: Uint8Array }[];
  jobs: SigningJob[];
}

/**
 * `signZone` with the signatures made on `threads` worker threads (all cores by default): the
 * signatures are nearly all of the work, and they are independent of each other. The threads
 * start first, so that loading them overlaps with planning the zone on this one.
 */
export async function signZoneInParallel(options: SignZoneOptions & { threads?: number }): Promise<SignedRecord[]> {
  const workers = Array.from({ length: Math.max(1, options.threads ?? availableParallelism()) }, () => new SigningThread());
  try {
    const plan = planZone(options);
    const threads = Math.max(1, Math.min(workers.length, plan.jobs.length));
    const keys = plan.keys.map((k) => ({ keytype: k.keytype, algorithm: k.algorithm, pkcs8: exportPrivateKey(k) }));
    const share = Math.ceil(plan.jobs.length / threads);
    const parts = await Promise.all(
      workers
        .slice(0, threads)
        .map((worker, i) => worker.sign({ zone: plan.zone, times: plan.times, keys, jobs: plan.jobs.slice(i * share, (i + 1) * share) })),
    );
    return plan.assemble(parts.flat());
  } finally {
    for (const worker of workers) worker.stop();
  }
}

const workerUrl = new URL('./signWorker.ts', import.meta.url).href;
/*
 * Workspace packages ship TypeScript source, which Node runs through tsx; a worker thread does not
 * inherit the main thread's loader, so it registers tsx before it imports the worker module.
 */
const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl)}); })`;

/** One signing thread: started at once, given its task when the zone is planned. */
class SigningThread {
  private readonly worker = new Worker(bootstrap, { eval: true });
  private readonly result: Promise<Uint8Array[][]>;

  constructor() {
    this.result = new Promise((resolve, reject) => {
      this.worker.once('message', (signatures: Uint8Array[][]) => resolve(signatures));
      this.worker.once('error', reject);
      this.worker.once('exit', (code) => reject(new Error(`A signing thread stopped with exit code ${code} before it was done`)));
    });
    // A thread that is stopped unused must not leave an unhandled rejection behind.
    this.result.catch(() => undefined);
  }

  sign(task: SigningTask): Promise<Uint8Array[][]> {
    this.worker.postMessage(task);
    return this.result;
  }

  stop(): void {
    void this.worker.terminate();
  }
}
