import type { Rrset } from './canonical';
import type { Cryptokey } from './keys';
import { RRSIG_TYPE, signRrset, type SignatureTimes } from './rrsig';

const DAY = 86400;

/** When signatures start, end and are renewed, in seconds. */
export interface SignaturePolicy {
  /** How far back the inception is set, for resolvers with slow clocks. */
  inceptionOffset: number;
  validity: number;
  /** A cached signature with less than this left is replaced on its next use. */
  refreshWithin: number;
}

export const DEFAULT_POLICY: SignaturePolicy = { inceptionOffset: 3600, validity: 14 * DAY, refreshWithin: 7 * DAY };

/** The validity period of signatures made at `now` (seconds since the epoch). */
export function signatureTimes(now: number, policy: SignaturePolicy = DEFAULT_POLICY): SignatureTimes {
  return { inception: now - policy.inceptionOffset, expiration: now + policy.validity };
}

const DNSKEY = 48;
const CDS = 59;
const CDNSKEY = 60;

/** The DNSKEY set (and CDS/CDNSKEY, which parents check against it) is signed by the KSKs. */
export function signedByKsk(type: number): boolean {
  return type === DNSKEY || type === CDS || type === CDNSKEY;
}

/**
 * The keys that sign an RRset of `type`: active KSKs for the key sets, active ZSKs for the rest.
 * Every algorithm in the DNSKEY set must sign every RRset (RFC 6840 5.11), so a KSK whose
 * algorithm has no active ZSK signs the rest too, and key sets fall back to ZSKs when no KSK is active.
 */
export function signingKeys(keys: readonly Cryptokey[], type: number): Cryptokey[] {
  const active = keys.filter((k) => k.active);
  const ksks = active.filter((k) => k.keytype === 'ksk');
  const zsks = active.filter((k) => k.keytype === 'zsk');
  if (signedByKsk(type)) return ksks.length > 0 ? ksks : zsks;
  const zskAlgorithms = new Set(zsks.map((k) => k.algorithm));
  return [...zsks, ...ksks.filter((k) => !zskAlgorithms.has(k.algorithm))];
}

interface Entry {
  /**
   * A copy of what was signed, compared in full: exact where a hash could collide, and cheaper.
   * The records packed one after another, each a 2-octet length then its octets: one object per
   * RRset held, where an array of copies took one per record and one more.
   */
  ttl: number;
  content: Uint8Array;
  rrsig: Rrset;
  refreshAt: number;
  /** When it was kept, in the cache's own count of writes (`written`). */
  written: number;
}

/**
 * Signatures served from the caches of this thread (hits) and made for them (misses: new, changed
 * or ageing RRsets), for the DNS node's metrics: plain numbers, so counting costs one increment.
 */
export const signatureCacheCounts = { hits: 0, misses: 0 };

/**
 * RRSIGs for a zone's RRsets, made once and reused. The DNS server asks `for(rrset)` on the answer
 * path: a hit costs two map lookups and a comparison of the rdata with what was signed (a key of
 * owner, type and content); a miss, a changed set or a signature with less than
 * `refreshWithin` left signs anew. Changes through the API call `invalidate(name, type)`;
 * new or (de)activated keys call `setKeys`.
 */
export class SignatureCache {
  private readonly byName = new Map<string, Map<number, Entry>>();
  private currentKeys: readonly Cryptokey[];
  private count = 0;
  /** Bumped by `setKeys`: signatures made ahead for keys that are no longer the cache's are not stored. */
  generation = 0;
  /** Signatures kept so far: what a signature made ahead is compared with, to know which is newer. */
  written = 0;

  constructor(
    readonly zone: string,
    keys: readonly Cryptokey[],
    private readonly policy: SignaturePolicy = DEFAULT_POLICY,
    /** Seconds since the epoch. */
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.currentKeys = keys;
  }

  /** The keys signatures are made with now. */
  get keys(): readonly Cryptokey[] {
    return this.currentKeys;
  }

  /** True when `rrset` (as it is now) has no signature here that stays good past `now + horizon` seconds. */
  wants(rrset: Rrset, horizon = 0): boolean {
    return this.current(rrset, horizon) === undefined;
  }

  /** The entry held for `rrset` as it is now, good past `now + horizon` seconds; undefined otherwise. */
  private current(rrset: Rrset, horizon = 0) {
    const cached = this.byName.get(rrset.name)?.get(rrset.type);
    return cached && this.now() + horizon < cached.refreshAt && sameContent(cached, rrset) ? cached : undefined;
  }

  /**
   * Keeps a signature made ahead (in a signing thread) for `rrset` as it was when asked for (when
   * `written` was the cache's count), to be renewed from `refreshAt`. Not kept when the keys
   * changed since (`generation`), when the cache holds one for the same content good longer, or
   * one for other content kept since it was asked for (made online for a newer RRset).
   */
  store(rrset: Rrset, rrsig: Rrset, refreshAt: number, asked: { generation: number; written: number }): boolean {
    if (asked.generation !== this.generation) return false;
    let types = this.byName.get(rrset.name);
    const cached = types?.get(rrset.type);
    if (cached && cached.refreshAt > this.now()) {
      const same = sameContent(cached, rrset);
      if ((same && cached.refreshAt >= refreshAt) || (!same && cached.written > asked.written)) return false;
    }
    const entry: Entry = { ttl: rrset.ttl, content: packContent(rrset.rdata), rrsig, refreshAt, written: ++this.written };
    if (!types) this.byName.set(rrset.name, (types = new Map<number, Entry>()));
    if (!cached) this.count++;
    types.set(rrset.type, entry);
    return true;
  }

  /** The RRsets whose signatures are to be renewed before `before` (seconds since the epoch), as they were signed. */
  *due(before: number): Generator<Rrset> {
    for (const [name, types] of this.byName) {
      for (const [type, entry] of types) if (entry.refreshAt < before) yield { name, type, ttl: entry.ttl, rdata: unpackContent(entry.content) };
    }
  }

  /** The RRSIG RRset held for `rrset` as it is now and good until its refresh; undefined otherwise (nothing is signed). */
  held(rrset: Rrset): Rrset | undefined {
    return this.current(rrset)?.rrsig;
  }

  /** The RRSIG RRset for `rrset`, or undefined when no active key signs it. */
  for(rrset: Rrset): Rrset | undefined {
    const held = this.held(rrset);
    if (held) {
      signatureCacheCounts.hits++;
      return held;
    }
    const types = this.byName.get(rrset.name);
    const cached = types?.get(rrset.type);
    const now = this.now();
    const keys = signingKeys(this.currentKeys, rrset.type);
    if (keys.length === 0) return undefined;
    signatureCacheCounts.misses++;
    const times = signatureTimes(now, this.policy);
    const rrsig: Rrset = {
      name: rrset.name,
      type: RRSIG_TYPE,
      ttl: rrset.ttl,
      rdata: keys.map((key) => signRrset(rrset, key, this.zone, times)),
    };
    const entry: Entry = {
      ttl: rrset.ttl,
      content: packContent(rrset.rdata),
      rrsig,
      refreshAt: times.expiration - this.policy.refreshWithin,
      written: ++this.written,
    };
    if (types) {
      if (!cached) this.count++;
      types.set(rrset.type, entry);
    } else {
      this.byName.set(rrset.name, new Map([[rrset.type, entry]]));
      this.count++;
    }
    return rrsig;
  }

  /** Drops the signatures of one RRset, or of every RRset at the name. */
  invalidate(name: string, type?: number): void {
    const types = this.byName.get(name);
    if (!types) return;
    if (type === undefined) {
      this.count -= types.size;
      this.byName.delete(name);
    } else if (types.delete(type)) {
      this.count--;
      if (types.size === 0) this.byName.delete(name);
    }
  }

  /** New keys, or keys (de)activated: every signature is made again when next asked for. */
  setKeys(keys: readonly Cryptokey[]): void {
    this.currentKeys = keys;
    this.generation++;
    this.byName.clear();
    this.count = 0;
  }

  /** Number of RRsets with cached signatures. */
  get size(): number {
    return this.count;
  }
}

function sameContent(entry: Entry, rrset: Rrset): boolean {
  if (entry.ttl !== rrset.ttl) return false;
  const { content } = entry;
  if (rrset.packedEquals) return rrset.packedEquals(content);
  // Read once: a zone's RRsets may make their rdata anew on each read.
  const rdata = rrset.rdata;
  let at = 0;
  for (let i = 0; i < rdata.length; i++) {
    const r = rdata[i]!;
    const length = r.length;
    if (at + 2 + length > content.length || ((content[at]! << 8) | content[at + 1]!) !== length) return false;
    at += 2;
    for (let k = 0; k < length; k++) if (content[at + k] !== r[k]) return false;
    at += length;
  }
  return at === content.length;
}

/** The records packed one after another, each a 2-octet length then its octets (as `Entry.content`). */
function packContent(rdata: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const r of rdata) length += 2 + r.length;
  const content = new Uint8Array(length);
  let at = 0;
  for (const r of rdata) {
    content[at] = r.length >> 8;
    content[at + 1] = r.length & 0xff;
    content.set(r, at + 2);
    at += 2 + r.length;
  }
  return content;
}

function unpackContent(content: Uint8Array): Uint8Array[] {
  const rdata: Uint8Array[] = [];
  for (let at = 0; at < content.length;) {
    const length = (content[at]! << 8) | content[at + 1]!;
    rdata.push(content.slice(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return rdata;
}
