import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '@kaja/module-worker';
import { exportPrivateKey, type Keytype } from './keys';
import type { SignatureTimes } from './rrsig';
import { signatureTimes } from './signatureCache';
import { JobPacker, unpackSignatures, type JobBatch, type SignedBatch } from './signingBatch';
import { planZone, type SignedRecord, type SignZoneOptions } from './signZone';

/** What a signing thread is told first: the zone, the times and the keys as PKCS #8 (key objects do not cross threads). */
export interface SigningSetup {
  /** Which key set this is, for the batches that name it (0 when left out). */
  id?: number;
  zone: string;
  times: SignatureTimes;
  keys: { keytype: Keytype; algorithm: number; pkcs8: Uint8Array }[];
}

/** A batch for the key set `setup` (0 when left out), signed with `times` when given, else the setup's. */
export type SetupBatch = JobBatch & { setup?: number; times?: SignatureTimes };

/** What a signing thread is sent: a key set, a batch, or a key set no longer used. */
export type SigningMessage = SigningSetup | SetupBatch | { forget: number };

/** Jobs in a batch: enough that a message's cost is small beside the signatures, few enough that the threads end together. */
const BATCH_JOBS = 1024;

/**
 * `signZone` with the signatures made on `threads` worker threads (all cores by default): the
 * signatures are nearly all of the work, and they are independent of each other. The threads
 * start first, and get the jobs in batches while the zone is still being planned, so that the
 * planning (the NSEC or NSEC3 chain above all) overlaps the signing.
 */
export async function signZoneInParallel(options: SignZoneOptions & { threads?: number }): Promise<SignedRecord[]> {
  const threads = Array.from({ length: Math.max(1, options.threads ?? availableParallelism()) }, () => new SigningThread());
  try {
    const now = options.now ?? Math.floor(Date.now() / 1000);
    const setup: SigningSetup = {
      zone: options.zone,
      times: signatureTimes(now, options.policy),
      keys: options.keys.map((k) => ({ keytype: k.keytype, algorithm: k.algorithm, pkcs8: exportPrivateKey(k) })),
    };
    for (const thread of threads) thread.start(setup);
    const packer = new JobPacker();
    const batches: { first: number; count: number; signed: Promise<SignedBatch> }[] = [];
    let sent = 0;
    const send = () => {
      const batch = packer.take();
      batches.push({ first: sent, count: batch.count, signed: threads[batches.length % threads.length]!.sign(batch) });
      sent += batch.count;
    };
    const plan = planZone({ ...options, now }, (job) => {
      packer.add(job);
      if (packer.count === BATCH_JOBS) send();
    });
    if (packer.count > 0) send();
    const signatures: Uint8Array[][] = [];
    for (const batch of batches) unpackSignatures(plan.jobs.slice(batch.first, batch.first + batch.count), await batch.signed, signatures);
    return plan.assemble(signatures);
  } finally {
    for (const thread of threads) thread.stop();
  }
}

/** One signing thread: started at once, told the zone and keys, then given batches, which it answers in order. */
export class SigningThread {
  private readonly worker: Worker;
  private readonly waiting: { resolve: (batch: SignedBatch) => void; reject: (error: Error) => void }[] = [];
  private failure?: Error;

  /** `background`: the thread does not keep the process alive (signing ahead for a server that is stopping). */
  constructor(background = false) {
    // None of the process's options: a thread that signs needs none of them, and from the sources `--import tsx` would load tsx twice.
    this.worker = startModuleWorker(new URL('./signWorker.ts', import.meta.url), { execArgv: [] });
    this.worker.on('message', (batch: SignedBatch) => this.waiting.shift()?.resolve(batch));
    this.worker.once('error', (error: Error) => this.fail(error));
    this.worker.once('exit', (code) => this.fail(new Error(`A signing thread stopped with exit code ${code} before it was done`)));
    if (background) this.worker.unref();
  }

  start(setup: SigningSetup): void {
    this.worker.postMessage(setup);
  }

  forget(id: number): void {
    this.worker.postMessage({ forget: id });
  }

  /** Batches given and not answered yet. */
  get pending(): number {
    return this.waiting.length;
  }

  sign(batch: SetupBatch): Promise<SignedBatch> {
    const signed = new Promise<SignedBatch>((resolve, reject) => {
      if (this.failure) reject(this.failure);
      else this.waiting.push({ resolve, reject });
    });
    // A batch left unawaited because the planning failed must not leave an unhandled rejection behind.
    signed.catch(() => undefined);
    this.worker.postMessage(batch, [batch.bytes.buffer]);
    return signed;
  }

  stop(): void {
    void this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting.splice(0)) waiting.reject(error);
  }
}
