import { hash } from 'node:crypto';
import { fromBase32Hex, nameToWire, NSEC3PARAM, toBase32Hex, toHex, typeBitmapWire } from '@kaja/dns-model';
import { concat } from './bytes';
import type { Rrset } from './canonical';
import { nextCloser, uniqueRrsets, wildcardOf, type Denial } from './denial';
import type { IndexEntry, ZoneIndex } from './zoneIndex';

export const NSEC3_TYPE = 50;
export const NSEC3PARAM_TYPE = 51;
const RRSIG_TYPE = 46;
const DS_TYPE = 43;

/** NSEC3 parameters; RFC 9276 says SHA-1, no extra iterations, no salt, no opt-out. */
export interface Nsec3Parameters {
  iterations: number;
  salt: Uint8Array;
}

export const RFC9276_PARAMETERS: Nsec3Parameters = { iterations: 0, salt: new Uint8Array() };

/** The NSEC3 hash of a name (RFC 5155 section 5), base32hex, lowercase. */
export function nsec3Hash(name: string, parameters: Nsec3Parameters = RFC9276_PARAMETERS): string {
  // One-shot hashing: every denial for a new name hashes it, and a Hash object per call cost more than SHA-1 itself.
  const salted = (data: Uint8Array) => (parameters.salt.length ? concat([data, parameters.salt]) : data);
  let digest = hash('sha1', salted(nameToWire(name.toLowerCase())), 'buffer');
  for (let i = 0; i < parameters.iterations; i++) digest = hash('sha1', salted(digest), 'buffer');
  return toBase32Hex(digest);
}

/**
 * NSEC3 denial (RFC 5155 7.2): one NSEC3 per name in the index, empty non-terminals and unsigned
 * delegations included (no opt-out), ordered by hash. The hash order follows the index's updates,
 * so a change re-links only the hashes next to the names it added or removed.
 */
export class Nsec3Denial implements Denial {
  readonly kind = 'nsec3';
  /** Hashes in ascending order, and the index entry each stands for. */
  private hashes: string[] = [];
  private readonly entries = new Map<string, IndexEntry>();
  private readonly hashOf = new Map<string, string>();
  private readonly memo = new Map<string, { next: string; types: readonly number[]; delegation: boolean; rrset: Rrset }>();
  private readonly saltText: string;

  constructor(
    private readonly index: ZoneIndex,
    /** The negative TTL: min(SOA TTL, SOA minimum) per RFC 9077. */
    private readonly ttl: number,
    readonly parameters: Nsec3Parameters = RFC9276_PARAMETERS,
  ) {
    this.saltText = parameters.salt.length ? toHex(parameters.salt) : '-';
    for (const entry of index.all()) this.add(entry);
    this.hashes.sort();
    index.observe((change) => {
      for (const e of change.removed) this.remove(e);
      for (const e of change.added) this.insert(e);
      for (const e of change.changed) this.entries.set(this.hash(e.name), e);
    });
  }

  nxdomain(qname: string): Rrset[] {
    const encloser = this.index.closestEncloser(qname);
    return uniqueRrsets([this.matching(encloser), this.covering(nextCloser(qname, encloser)), this.coveringWildcard(encloser)]);
  }

  nodata(qname: string): Rrset[] {
    return [this.matching(qname)];
  }

  wildcardNodata(qname: string, wildcard: string): Rrset[] {
    const encloser = this.index.closestEncloser(qname);
    return uniqueRrsets([this.matching(encloser), this.covering(nextCloser(qname, encloser)), this.matching(wildcard)]);
  }

  wildcardAnswer(qname: string, wildcard: string): Rrset[] {
    const encloser = wildcard.slice(wildcard.indexOf('.') + 1);
    return [this.covering(nextCloser(qname, wildcard === '*' ? '' : encloser))];
  }

  insecureDelegation(delegation: string): Rrset[] {
    return [this.matching(delegation)];
  }

  chain(): Rrset[] {
    return this.hashes.map((hash, i) => this.record(hash, i));
  }

  apexRrsets(): Rrset[] {
    const rdata = NSEC3PARAM.toWire(`1 0 ${this.parameters.iterations} ${this.saltText}`);
    // RFC 5155 4: NSEC3PARAM's TTL does not matter to validators; zones use the SOA minimum.
    return [{ name: this.index.apex, type: NSEC3PARAM_TYPE, ttl: this.ttl, rdata: [rdata] }];
  }

  owner(name: string): string {
    const hash = nsec3Hash(name, this.parameters);
    return this.index.apex === '' ? hash : `${hash}.${this.index.apex}`;
  }

  neighbours(name: string): Rrset[] {
    const hash = nsec3Hash(name, this.parameters);
    const position = this.position(hash);
    const own = this.hashes[position] === hash && this.entries.has(hash);
    const out = own ? [this.record(hash, position)] : [];
    // The NSEC3 before the hash (or before its place, when the name is gone), wrapping around.
    let before = own ? position - 1 : position;
    if (before < 0) before += this.hashes.length;
    const previous = this.hashes[before];
    if (previous !== undefined && previous !== hash) out.push(this.record(previous, before));
    return out;
  }

  private matching(name: string): Rrset {
    const hash = this.hash(name);
    const position = this.position(hash);
    if (this.hashes[position] !== hash) throw new RangeError(`${name} is not a name of the zone ${this.index.apex}`);
    return this.record(hash, position);
  }

  /** The NSEC3 whose span holds the hash of `name` (which is not in the zone). */
  private covering(name: string): Rrset {
    return this.coveringHash(nsec3Hash(name, this.parameters));
  }

  /**
   * The NSEC3 covering the wildcard at `encloser` (a name of the zone, so its wildcard's hash is
   * kept: every NXDOMAIN below the same name asks for it, where the next closer name is new each time).
   */
  private coveringWildcard(encloser: string): Rrset {
    return this.coveringHash(this.hash(wildcardOf(encloser)));
  }

  private coveringHash(hash: string): Rrset {
    const position = this.position(hash);
    return this.record(this.hashes[position] ?? this.hashes[this.hashes.length - 1]!, position < 0 ? this.hashes.length - 1 : position);
  }

  /** Position of the greatest hash <= `hash`, or -1. */
  private position(hash: string): number {
    let lo = 0;
    let hi = this.hashes.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.hashes[mid]! <= hash) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  private record(hash: string, position: number): Rrset {
    const entry = this.entries.get(hash)!;
    const next = this.hashes[(position + 1) % this.hashes.length]!;
    // Every denial asks for its records again: the memo stands while the next hash and the name's types do (the index gives changed types a new array).
    const memo = this.memo.get(hash);
    if (memo && memo.next === next && memo.types === entry.types && memo.delegation === entry.delegation) return memo.rrset;
    const types = new Set(entry.types);
    const signed = entry.delegation ? types.has(DS_TYPE) : types.size > 0;
    if (signed) types.add(RRSIG_TYPE);
    if (entry.name === this.index.apex) types.add(NSEC3PARAM_TYPE);
    const { iterations, salt } = this.parameters;
    const nextHash = fromBase32Hex(next, 'the next hashed owner');
    const rdata = concat([
      Uint8Array.of(1, 0, iterations >> 8, iterations & 0xff, salt.length),
      salt,
      Uint8Array.of(nextHash.length),
      nextHash,
      typeBitmapWire([...types].sort((a, b) => a - b)),
    ]);
    const owner = this.index.apex === '' ? hash : `${hash}.${this.index.apex}`;
    const rrset: Rrset = { name: owner, type: NSEC3_TYPE, ttl: this.ttl, rdata: [rdata] };
    this.memo.set(hash, { next, types: entry.types, delegation: entry.delegation, rrset });
    return rrset;
  }

  private hash(name: string): string {
    let hash = this.hashOf.get(name);
    if (hash === undefined) {
      hash = nsec3Hash(name, this.parameters);
      this.hashOf.set(name, hash);
    }
    return hash;
  }

  private add(entry: IndexEntry): void {
    const hash = this.hash(entry.name);
    this.entries.set(hash, entry);
    this.hashes.push(hash);
  }

  private insert(entry: IndexEntry): void {
    const hash = this.hash(entry.name);
    this.entries.set(hash, entry);
    this.hashes.splice(this.position(hash) + 1, 0, hash);
  }

  private remove(entry: IndexEntry): void {
    const hash = this.hash(entry.name);
    const position = this.position(hash);
    if (this.hashes[position] === hash) this.hashes.splice(position, 1);
    this.entries.delete(hash);
    this.memo.delete(hash);
    this.hashOf.delete(entry.name);
    // Nothing is below a name gone: its wildcard's hash, kept for NXDOMAIN answers, is not asked for again.
    this.hashOf.delete(wildcardOf(entry.name));
  }
}
