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
 * signatures are nearly all of the work, and they are independent of each other.
 */
export async function signZoneInParallel(options: SignZoneOptions & { threads?: number }): Promise<SignedRecord[]> {
  const plan = planZone(options);
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), plan.jobs.length));
  const keys = plan.keys.map((k) => ({ keytype: k.keytype, algorithm: k.algorithm, pkcs8: exportPrivateKey(k) }));
  const share = Math.ceil(plan.jobs.length / threads);
  const parts = await Promise.all(
    Array.from({ length: threads }, (_, i) => signOnThread({ zone: plan.zone, times: plan.times, keys, jobs: plan.jobs.slice(i * share, (i + 1) * share) })),
  );
  return plan.assemble(parts.flat());
}

const workerUrl = new URL('./signWorker.ts', import.meta.url).href;
/*
 * Workspace packages ship TypeScript source, which Node runs through tsx; a worker thread does not
 * inherit the main thread's loader, so it registers tsx before it imports the worker module.
 */
const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(workerUrl)}); })`;

function signOnThread(task: SigningTask): Promise<Uint8Array[][]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, { eval: true, workerData: task });
    worker.once('message', (signatures: Uint8Array[][]) => resolve(signatures));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`A signing thread stopped with exit code ${code}`));
    });
  });
}
