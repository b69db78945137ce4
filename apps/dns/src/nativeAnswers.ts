import type { AnswerCache } from './answerCache';
import { questionHashSeed } from './answerCache';
import { latencyBounds, type ServerCounters } from './metrics/serverCounters';
import type { ResponseRateLimiter } from './responseRateLimit';
import type { Zone } from './zone';

/**
 * The batched UDP addon's cached path (native/cached_answers.c): a query whose answer the answer
 * cache holds fresh is answered in C, in the batch's round of system calls, with no call into
 * JavaScript (decision 091). What it reads is JavaScript's own state, in typed arrays: the cache's
 * table and slots, the zones' versions, the metrics' counts and the rate limiter's accounts. Only
 * what an array cannot carry is handed over by a call: each slot's answer, and a table or an
 * array of versions made anew.
 */
export interface NativeAnswersAddon {
  answerCache(state: NativeAnswerState): unknown;
  cacheTable(handle: unknown, table: Int32Array): void;
  cacheWire(handle: unknown, slot: number, wire: Uint8Array): void;
  cacheVersions(handle: unknown, versions: Int32Array): void;
}

/** What `answerCache` reads, each array read and written in place for as long as the handle lives. */
export interface NativeAnswerState {
  table: Int32Array;
  slots: Int32Array;
  seed: number;
  versions: Int32Array;
  answers: Float64Array;
  totals: Float64Array;
  latencyBuckets: Float64Array;
  latencyBounds: Float64Array;
  rateLimit?: { rate: number; window: number; slip: number; accounts: Float64Array; limited: Uint32Array; counts: Float64Array; exempt: Int32Array };
}

/**
 * Each zone with cached answers gets a cell holding its version, so the addon sees a changed zone's
 * answers go stale as `AnswerCache.get` does by `Zone.version`. Cells are given as answers are
 * cached; a zone replaced or removed gives its cell back once its answers are forgotten
 * (`forget`), and the cache emptied takes them all back.
 */
export class ZoneVersions {
  private readonly cells = new Map<Zone, number>();
  /** The zone holding a cell, by name: one at a time, as a zone replaced gives its cell back. */
  private readonly byName = new Map<string, Zone>();
  /** Cells given back, given again before new ones. */
  private free: number[] = [];
  private next = 0;
  versions = new Int32Array(64);
  /** Told when `versions` is made anew, larger. */
  onGrow: ((versions: Int32Array) => void) | undefined;

  /** The zone's cell, its version written in it. */
  cell(zone: Zone): number {
    let cell = this.cells.get(zone);
    if (cell === undefined) {
      cell = this.free.pop() ?? this.next++;
      if (cell === this.versions.length) {
        const larger = new Int32Array(this.versions.length * 2);
        larger.set(this.versions);
        this.versions = larger;
        this.onGrow?.(larger);
      }
      this.cells.set(zone, cell);
      this.byName.set(zone.name, zone);
    }
    this.versions[cell] = zone.version;
    return cell;
  }

  /**
   * The cache has forgotten the answers under `name`: the zone of that name that held a cell gives
   * it back unless it is still the one served (`current`), as after new keys.
   */
  forget(name: string, current: Zone | undefined): void {
    const zone = this.byName.get(name);
    if (zone === undefined || zone === current) return;
    this.free.push(this.cells.get(zone)!);
    this.cells.delete(zone);
    this.byName.delete(name);
  }

  /** The zone changed: its answers cached before are stale. */
  changed(zone: Zone): void {
    const cell = this.cells.get(zone);
    if (cell !== undefined) this.versions[cell] = zone.version;
  }

  clear(): void {
    this.cells.clear();
    this.byName.clear();
    this.free = [];
    this.next = 0;
  }
}

/**
 * Binds the addon's cached path to a responder's state and returns its handle for the sockets that
 * use it. Undefined when the rate limiter keeps time by a test's clock, which the addon cannot read:
 * every answer then goes through JavaScript.
 */
export function nativeAnswers(
  addon: NativeAnswersAddon,
  cache: AnswerCache,
  versions: ZoneVersions,
  metrics: ServerCounters,
  limiter: ResponseRateLimiter | undefined,
): unknown {
  if (limiter && !limiter.wallClock) return undefined;
  const handle = addon.answerCache({
    table: cache.probeTable,
    slots: cache.slots,
    seed: questionHashSeed,
    versions: versions.versions,
    answers: metrics.answers,
    totals: metrics.totals,
    latencyBuckets: metrics.latencyBuckets,
    latencyBounds: Float64Array.from(latencyBounds),
    rateLimit: limiter
      ? {
          rate: limiter.options.rate,
          window: limiter.options.window,
          slip: limiter.options.slip,
          accounts: limiter.accounts,
          limited: limiter.limited,
          counts: limiter.tally,
          exempt: limiter.exemptSorted,
        }
      : undefined,
  });
  cache.attach({
    table: (made) => addon.cacheTable(handle, made),
    wire: (slot, wire) => addon.cacheWire(handle, slot, wire),
  });
  versions.onGrow = (grown) => addon.cacheVersions(handle, grown);
  return handle;
}
