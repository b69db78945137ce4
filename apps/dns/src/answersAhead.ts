import { setImmediate as nextTurn } from 'node:timers/promises';
import { RRType } from '@kaja/dns-model';
import type { Zone } from './zone';
import type { ZoneStore } from './zoneStore';

/** Types asked of almost every host name (a browser asks all three), held there or not. */
const HOST_TYPES = [RRType.A, RRType.AAAA, RRType.HTTPS];

/** Types held at a name that are not asked as such: the signer answers NSEC and RRSIG itself, an ALIAS is asked as A and AAAA. */
const NOT_ASKED = new Set<number>([RRType.RRSIG, RRType.NSEC, RRType.NSEC3, RRType.ALIAS]);

/** A name with a service label (`_sip._tcp.host`, `s1._domainkey`): no host, asked for what it holds. */
const SERVICE_NAME = /(^|\.)_/;

/**
 * The first labels of the made-up names asked ahead (`madeUpQuestions`), each not asked where the
 * zone holds the name. The next is asked only when the answer for the one before stands for no
 * other name: an NSEC3 denial is not kept as a template when the record covering its name's hash
 * is one it holds anyway, and for another name it is not (decision 096).
 */
const MADE_UP_LABELS = ['kaja-made-up-name', 'kaja-made-up-name-2', 'kaja-made-up-name-3'];

/** The longest the event loop is held at a time, in milliseconds. */
const SLICE_MS = 2;

/** How long wanted zones are gathered before a pass over them begins, in milliseconds. */
const GATHER_MS = 1000;

export interface AnswersAheadOptions {
  /** Whether the answer cache has room for more answers made ahead. */
  room: () => boolean;
  /**
   * Resolves once a signed zone is signed ahead, its answers made after rather than by signing on
   * the answer path; false when its keys are not held (answered SERVFAIL, nothing to make).
   */
  signedAhead?: (zone: Zone) => Promise<boolean>;
  /**
   * What else is made ahead for a zone, begun before its answers (after its signing ahead);
   * the denials of made-up names are made once it is done.
   */
  prepareZone?: (zone: Zone) => Promise<void>;
  /**
   * Whether the answer for a made-up name can be kept as the template of the names like it (where
   * the addon answers, decision 095). Made-up names are asked ahead only then: elsewhere their
   * answers are kept from a name's second query, and a node of many zones would make them for none.
   */
  templates?: () => boolean;
}

/** Questions to make answers for; each is sent back whether its answer is held for later queries. */
type Questions = Generator<[string, number], void, boolean>;

/**
 * Answers made ahead of their queries (decision 094): for every held name of a zone, the questions
 * clients ask of it, answered as the first query would be and kept in the answer cache, from where
 * the addon serves them without a call into JavaScript. Knot DNS answers the first query for a
 * name at the cost of every other; this server, which makes an answer once and then serves it
 * from the cache, gets there by making them before the queries come.
 *
 * Every zone's answers are made when the server starts and when every answer was forgotten (the
 * daily renewal of signatures); a zone's when it comes, is loaded anew or gets new keys. Zones
 * wanted are gathered for a second and made in slices of 2 ms between which queries are answered;
 * a signed zone's answers wait for its signing ahead. It stops while the cache has no room for
 * them (half of it). A zone's change makes its answers stale as before, and they are made again
 * when asked: a pass per change would cost a busy zone more than it saves.
 */
export class AnswersAhead {
  /** Zones to make answers for, in the order wanted. */
  private readonly wanted = new Set<string>();
  /** Every zone is wanted: a pass under way starts over. */
  private every = true;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly zones: ZoneStore,
    /** Makes and keeps one answer; whether it is held for later queries (for a made-up name, as a template). */
    private readonly prepare: (qname: string, qtype: number) => boolean,
    private readonly options: AnswersAheadOptions,
  ) {
    this.schedule(0);
  }

  /** The answers of zone `name` (of every zone, when undefined) are to be made. */
  want(name?: string): void {
    if (name === undefined) this.every = true;
    else this.wanted.add(name);
    this.schedule(GATHER_MS);
  }

  /** Resolves once no pass runs or waits to run (tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.timer !== undefined || this.running !== undefined) {
      if (this.running) await this.running;
      else await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Starts a pass after `delayMs` unless one waits or runs already: a pass under way takes what is wanted meanwhile. */
  private schedule(delayMs: number): void {
    if (this.closed || this.timer !== undefined || this.running !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const run = this.pass();
      this.running = run;
      void run.finally(() => {
        this.running = undefined;
        // Wanted between the pass's last look and its end.
        if (this.every || this.wanted.size > 0) this.schedule(0);
      });
    }, delayMs);
    // Made ahead or not, answers are served: the timer keeps no process alive.
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    while (!this.closed && (this.every || this.wanted.size > 0)) {
      const names = this.every ? [...this.zones.names()] : [...this.wanted];
      this.every = false;
      this.wanted.clear();
      for (const name of names) {
        if (this.closed || this.every) break;
        try {
          if (!(await this.makeZone(name))) return;
        } catch (error) {
          // Its answers are made when asked, as the answer path would make them (or fail to).
          console.error(`dns: the answers of ${name || '.'} were not made ahead:`, error);
        }
      }
    }
  }

  /** Makes the answers of one zone; false when the cache has no more room for them. */
  private async makeZone(name: string): Promise<boolean> {
    const zone = this.zones.get(name);
    if (!zone) return true;
    if ((await this.options.signedAhead?.(zone)) === false) return true;
    // Loaded anew or gone while it was signed.
    if (this.closed || this.zones.get(name) !== zone) return true;
    const prepared = this.options.prepareZone?.(zone);
    try {
      if (!(await this.makeAll(zone, heldQuestions(zone)))) return false;
    } finally {
      await prepared;
    }
    if (this.closed || this.every || this.zones.get(name) !== zone || !this.options.templates?.()) return true;
    return this.makeAll(zone, madeUpQuestions(zone));
  }

  /** Makes the answers to `questions` in slices; false when the cache has no more room for them. */
  private async makeAll(zone: Zone, questions: Questions): Promise<boolean> {
    let sliceStart = performance.now();
    let held = false;
    for (let next = questions.next(held); !next.done; next = questions.next(held)) {
      const [qname, qtype] = next.value;
      if (!this.options.room()) return false;
      if (performance.now() - sliceStart >= SLICE_MS) {
        await nextTurn();
        // Loaded anew or gone meanwhile (wanted again then), or every zone wanted anew.
        if (this.closed || this.every || this.zones.get(zone.name) !== zone) return true;
        sliceStart = performance.now();
      }
      held = this.prepare(qname, qtype);
    }
    return true;
  }
}

/**
 * The questions made ahead for the names a zone holds: the zone's own name first, then each name
 * with records, the types it holds and, at a host name, the host types held or not (NODATA). Names
 * with a service label are asked only for what they hold, and a wildcard's own name not at all:
 * clients ask for its expansions, which cannot be known ahead.
 */
function* heldQuestions(zone: Zone): Questions {
  yield* nodeQuestions(zone.name, zone.apex.rrsets.keys(), true);
  for (const node of zone.nodes.values()) {
    if (node.name === zone.name || node.rrsets.size === 0 || node.name.startsWith('*.')) continue;
    yield* nodeQuestions(node.name, node.rrsets.keys(), !SERVICE_NAME.test(node.name));
  }
}

/**
 * The made-up names asked ahead: a name under the apex for the host types, an expansion of each
 * wildcard for what a name there is asked; each question with the next of `MADE_UP_LABELS` until
 * its answer is held. Each denial or expansion is kept as the template of the names like it where
 * the addon answers (decision 095), and the first made-up names asked after a start find it; made
 * in JavaScript, they also take its denial paths through the compiler before queries do (decision 097).
 */
function* madeUpQuestions(zone: Zone): Questions {
  // What follows the made-up label, with the type asked: under the apex, and in each wildcard's place.
  const asked: [string, number][] = HOST_TYPES.map((type) => [zone.name === '' ? '' : `.${zone.name}`, type]);
  for (const node of zone.nodes.values()) {
    if (!node.name.startsWith('*.') || node.rrsets.size === 0) continue;
    for (const [, type] of nodeQuestions(node.name, node.rrsets.keys(), !SERVICE_NAME.test(node.name))) asked.push([node.name.slice(1), type]);
  }
  for (const [suffix, type] of asked) {
    for (const label of MADE_UP_LABELS) {
      const name = label + suffix;
      if (!zone.nodes.has(name) && (yield [name, type])) break;
    }
  }
}

function* nodeQuestions(name: string, held: Iterable<number>, host: boolean): Generator<[string, number]> {
  const types = new Set<number>();
  for (const type of held) if (!NOT_ASKED.has(type)) types.add(type);
  if (host) for (const type of HOST_TYPES) types.add(type);
  for (const type of types) yield [name, type];
}
