import { availableParallelism } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Rrset } from './canonical';
import { exportPrivateKey } from './keys';
import { RRSIG_TYPE, type SignatureTimes } from './rrsig';
import { DEFAULT_POLICY, signatureTimes, signingKeys, type SignatureCache, type SignaturePolicy } from './signatureCache';
import { JobPacker, unpackSignatures, type JobBatch, type SignedBatch } from './signingBatch';
import { SigningThread } from './signParallel';
import type { SigningJob } from './signZone';

/** Jobs per batch: small enough that packing one is a short turn of the answering thread's loop. */
const BATCH_JOBS = 512;
/** Batches given to a thread and not answered yet, at most: enough to keep it busy, few enough to hold little memory. */
const IN_FLIGHT_PER_THREAD = 2;
/** Threads with nothing to sign are stopped after this long, and started again when there is. */
const IDLE_MS = 30_000;

/**
 * Signing threads shared by the zones of one answering thread, for signing ahead: started when
 * there is something to sign, stopped when idle. Each signature cache's keys are told to every
 * thread once per key generation (as PKCS #8 in a message inside the process, as `signZoneInParallel`
 * does; never logged or written) and forgotten there when the keys change or the cache is gone.
 */
export class SigningPool {
  private threads: { thread: SigningThread; told: Set<number> }[] = [];
  private readonly setups = new WeakMap<SignatureCache, { generation: number; id: number }>();
  private readonly gone = new FinalizationRegistry<number>((id) => this.forget(id));
  private nextId = 1;
  private running = 0;
  private idle?: NodeJS.Timeout;
  private isClosed = false;

  constructor(private readonly size = availableParallelism()) {}

  /** Signs `batch` (jobs for `cache`'s keys) with `times` on the least busy thread. */
  sign(cache: SignatureCache, batch: JobBatch, times: SignatureTimes): Promise<SignedBatch> {
    if (this.isClosed) return Promise.reject(new Error('The signing threads are stopped'));
    if (this.threads.length === 0) {
      this.threads = Array.from({ length: Math.max(1, this.size) }, () => ({ thread: new SigningThread(true), told: new Set<number>() }));
    }
    const id = this.setupOf(cache);
    const least = this.threads.reduce((a, b) => (b.thread.pending < a.thread.pending ? b : a));
    if (!least.told.has(id)) {
      least.thread.start({
        id,
        zone: cache.zone,
        times,
        keys: cache.keys.map((k) => ({ keytype: k.keytype, algorithm: k.algorithm, pkcs8: exportPrivateKey(k) })),
      });
      least.told.add(id);
    }
    return least.thread.sign({ ...batch, setup: id, times });
  }

  /** Batches in flight at most before the one waiting for room is given. */
  get capacity(): number {
    return Math.max(1, this.size) * IN_FLIGHT_PER_THREAD;
  }

  /** A run of signing ahead begins: the threads are not stopped while it lasts. */
  begin(): void {
    this.running++;
    clearTimeout(this.idle);
  }

  /** A run ended: with none left, the threads stop after a while. */
  end(): void {
    if (--this.running > 0 || this.isClosed) return;
    this.idle = setTimeout(() => this.stopThreads(), IDLE_MS);
    this.idle.unref();
  }

  /** Closed with the server: a run cut short by it is not a failure. */
  get closed(): boolean {
    return this.isClosed;
  }

  close(): void {
    this.isClosed = true;
    clearTimeout(this.idle);
    this.stopThreads();
  }

  private setupOf(cache: SignatureCache): number {
    const known = this.setups.get(cache);
    if (known?.generation === cache.generation) return known.id;
    if (known) {
      this.gone.unregister(known);
      this.forget(known.id);
    }
    const setup = { generation: cache.generation, id: this.nextId++ };
    this.setups.set(cache, setup);
    this.gone.register(cache, setup.id, setup);
    return setup.id;
  }

  private forget(id: number): void {
    for (const { thread, told } of this.threads) if (told.delete(id)) thread.forget(id);
  }

  private stopThreads(): void {
    for (const { thread } of this.threads) thread.stop();
    this.threads = [];
  }
}

export interface AheadOptions {
  policy?: SignaturePolicy;
  /** Seconds since the epoch. */
  now?: () => number;
  /** Signatures with more than this many seconds of use left are not made again (a renewal's horizon). */
  horizon?: number;
  /** Up to this many seconds are taken off each batch's expiration, so signatures made together are not all renewed together. */
  jitter?: number;
  /** Ends the run early (the signer was replaced): what was asked for is still stored. */
  stopped?: () => boolean;
}

/**
 * Makes the signatures `cache` lacks for `rrsets` in the pool's threads and stores them there,
 * so the answers that need them find them made. The answering thread only packs the RRsets, a
 * batch per turn of its loop; an RRset already signed (and good past `horizon`) is skipped, and
 * one changed while its signature was being made is not served the old one (the cache compares
 * content). Stops when the cache's keys change. Resolves to the number of RRsets signed.
 */
export async function signAhead(pool: SigningPool, cache: SignatureCache, rrsets: Iterable<Rrset>, options: AheadOptions = {}): Promise<number> {
  const policy = options.policy ?? DEFAULT_POLICY;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const jitter = options.jitter ?? 0;
  const generation = cache.generation;
  const positions = new Map<number, number[]>();
  const keysFor = (type: number) => {
    let keys = positions.get(type);
    if (!keys) positions.set(type, (keys = signingKeys(cache.keys, type).map((key) => cache.keys.indexOf(key))));
    return keys;
  };
  const inFlight: Promise<number>[] = [];
  let signed = 0;
  const packer = new JobPacker();
  let jobs: SigningJob[] = [];
  const send = () => {
    const times = signatureTimes(now(), policy);
    times.expiration -= Math.floor(Math.random() * jitter);
    const batchJobs = jobs;
    const asked = { generation, written: cache.written };
    jobs = [];
    const done = pool.sign(cache, packer.take(), times).then((batch) => {
      const signatures: Uint8Array[][] = [];
      unpackSignatures(batchJobs, batch, signatures);
      const refreshAt = times.expiration - policy.refreshWithin;
      batchJobs.forEach(({ rrset }, i) => {
        const rrsig: Rrset = { name: rrset.name, type: RRSIG_TYPE, ttl: rrset.ttl, rdata: signatures[i]! };
        if (cache.store(rrset, rrsig, refreshAt, asked)) signed++;
      });
      return batchJobs.length;
    });
    inFlight.push(done);
  };
  pool.begin();
  try {
    for (const rrset of rrsets) {
      if (cache.generation !== generation || options.stopped?.()) break;
      if (rrset.type === RRSIG_TYPE || !cache.wants(rrset, options.horizon)) continue;
      const keys = keysFor(rrset.type);
      if (keys.length === 0) continue;
      const job = { rrset, keys };
      packer.add(job);
      jobs.push(job);
      if (packer.count < BATCH_JOBS) continue;
      send();
      while (inFlight.length >= pool.capacity) await inFlight.shift();
      // The answering thread answers between batches.
      await nextTurn();
    }
    if (packer.count > 0 && cache.generation === generation) send();
    for (const done of inFlight) await done;
    return signed;
  } finally {
    // A failed run leaves no batch's failure unhandled.
    for (const done of inFlight) done.catch(() => undefined);
    pool.end();
  }
}
