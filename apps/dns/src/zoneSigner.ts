import {
  canonicalSortKey,
  DEFAULT_POLICY,
  holdsRrset,
  Nsec3Denial,
  NsecDenial,
  RRSIG_TYPE,
  signAhead,
  SignatureCache,
  ZoneIndex,
  type AheadOptions,
  type Denial,
  type SigningPool,
  type Rrset as SignedRrset,
  type SignedRecord,
} from '@kaja/dnssec';
import { recordType, typeName, RRType } from '@kaja/dns-model';
import { roomFor } from './additional';
import type { Answer, Proof } from './answer';
import type { SigningSettings } from './keySource';
import { keySetTypes } from './publishedKeys';
import type { Rrset, Zone, ZoneChange, ZoneNode } from './zone';

/** What a change did to the signer: applied, or the keys or the negative TTL moved with it. */
export type SignerUpdate = 'updated' | 'rekey' | 'rebuild';

/** Signatures made ahead lose up to a day of their validity at random, so they are not all renewed at once. */
const aheadJitter = DEFAULT_POLICY.refreshWithin / 7;

/**
 * DNSSEC for one zone (RFC 4035 3.1): the zone's names in canonical order (`ZoneIndex`), its
 * NSEC or NSEC3 denial, and the signature cache answers are signed from. Built from the zone as it
 * is served and kept in step with it one change at a time. Given signing threads, it signs the
 * zone ahead into the cache (all of it when built, what a change touched after each change, what
 * gets old before it must be renewed), so answers find their signatures made; an answer whose
 * signature is not made yet is signed when asked, as without threads.
 */
export class ZoneSigner {
  readonly index: ZoneIndex;
  readonly denial: Denial;
  readonly signatures: SignatureCache;
  private readonly negativeTtl: number;
  private readonly aliasDenials = new Map<string, SignatureCache>();
  /** Names whose RRsets or NSEC/NSEC3 neighbours a change touched, to be signed ahead on the next turn. */
  private readonly touched = new Set<string>();
  private touchedScheduled = false;
  private readonly runs = new Set<Promise<number>>();
  private stopped = false;

  constructor(
    readonly zone: Zone,
    readonly settings: SigningSettings,
    /** The cache of an earlier signer of the zone with the same keys: its signatures stay good. */
    signatures?: SignatureCache,
    /** Signing threads to sign ahead in; without them every signature is made when an answer first needs it. */
    private readonly pool?: SigningPool,
  ) {
    this.index = new ZoneIndex(zone.name, servedRrsets(zone));
    this.negativeTtl = negativeTtl(zone);
    this.denial = settings.nsec3 ? new Nsec3Denial(this.index, this.negativeTtl) : new NsecDenial(this.index, this.negativeTtl);
    this.signatures = signatures ?? new SignatureCache(zone.name, settings.keys);
    this.index.observe((change) => {
      // A name that left the chain takes its NSEC/NSEC3 signatures with it.
      for (const entry of change.removed) this.signatures.invalidate(this.denial.owner(entry.name));
      // Empty non-terminals come and go with the names below them: their chain neighbours change too.
      for (const entry of [...change.added, ...change.removed, ...change.changed]) this.touched.add(entry.name);
    });
  }

  /**
   * Signs in the threads every RRset and NSEC/NSEC3 record of the zone the cache has no good
   * signature for (all of it for a new key set; what changed for a zone loaded again). Resolves
   * to the number of RRsets signed; without threads, to 0 at once.
   */
  signAhead(): Promise<number> {
    return this.run(this.signable());
  }

  /**
   * Signs again ahead the signatures that are to be renewed within `horizon` seconds, before an
   * answer would have to. The apex NSEC/NSEC3 without ALIAS addresses stays online.
   */
  renew(horizon: number): Promise<number> {
    return this.run(this.signatures.due(Math.floor(Date.now() / 1000) + horizon), { horizon });
  }

  /** Resolves once no signing ahead of this signer is under way. */
  async settled(): Promise<void> {
    while (this.runs.size > 0 || this.touchedScheduled) {
      await Promise.allSettled([...this.runs]);
      // A change's run starts on the turn after it.
      if (this.touchedScheduled) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The signer was replaced: runs under way stop at their next batch. */
  stop(): void {
    this.stopped = true;
  }

  /**
   * The answer with its DNSSEC records: an RRSIG after every authoritative RRset of the answer
   * and authority sections (a wildcard answer signed as its wildcard, so the labels field shows
   * the expansion), the DS of a delegation, the additional section's in-zone addresses, and the
   * NSEC/NSEC3 records of its proofs, signed (those about SVCB targets in the additional section). The delegation's NS set and glue stay unsigned
   * (RFC 4035 2.2).
   */
  sign(answer: Answer): Answer {
    const own = this.ownRecords(answer);
    if (own) {
      const signed: Answer = { ...answer, answer: [], authority: [], proofs: [] };
      // RRSIGs are not signed themselves (RFC 4035 2.2).
      if (own.served.type === RRType.RRSIG) signed.answer.push(own.served as Rrset);
      else this.add(signed.answer, own.served, own.source);
      // A wildcard stood for the name: the proof that the name itself does not exist (RFC 4035 3.1.3.3).
      if (own.wildcard !== undefined) {
        for (const rrset of this.denial.wildcardAnswer(own.served.name, own.wildcard)) this.add(signed.authority, rrset, rrset);
      }
      return signed;
    }
    const zone = this.zone;
    const signed: Answer = { ...answer, answer: [], authority: [] };
    const wildcards = new Map<string, string>();
    for (const proof of answer.proofs) if (proof.kind === 'wildcardAnswer') wildcards.set(proof.name, proof.wildcard);
    for (const rrset of answer.answer) {
      // A CNAME made up from a DNAME is not signed (RFC 6672 5.3.1): the validator makes it from the signed DNAME.
      if (answer.unsigned?.has(rrset)) {
        signed.answer.push(rrset);
        continue;
      }
      const wildcard = wildcards.get(rrset.name);
      this.add(signed.answer, rrset, wildcard === undefined ? rrset : { ...rrset, name: wildcard });
    }
    for (const rrset of answer.authority) {
      if (rrset.type === RRType.NS && rrset.name !== zone.name) {
        signed.authority.push(rrset);
        const ds = zone.nodes.get(rrset.name)?.rrsets.get(RRType.DS);
        if (ds) this.add(signed.authority, ds, ds);
      } else {
        // The negative SOA carries a lowered TTL; its signature is the SOA's own (original TTL).
        this.add(signed.authority, rrset, rrset.type === RRType.SOA ? zone.soa : rrset);
      }
    }
    // The addresses of in-zone targets with their RRSIGs (RFC 4035 3.1.1); glue below a cut is not ours to sign.
    signed.additional = [];
    for (const rrset of answer.additional) {
      const entry = this.index.get(rrset.name);
      if (entry && !entry.delegation) this.add(signed.additional, rrset, rrset);
      else signed.additional.push(rrset);
    }
    // A proof's NSEC/NSEC3 records go in once however many proofs name them.
    for (const proof of answer.proofs) {
      if (proof.kind === 'targetNodata') {
        // Optional data: past the largest message no more is signed for it.
        if (!roomFor(signed.additional)) continue;
        for (const rrset of this.prove(proof)) if (!holdsRrset(signed.additional, rrset)) this.add(signed.additional, rrset, rrset);
        continue;
      }
      const cache = proof.kind === 'aliasNodata' ? this.aliasDenialSignatures([proof.type]) : this.signatures;
      for (const rrset of this.prove(proof)) if (!holdsRrset(signed.authority, rrset)) this.add(signed.authority, rrset, rrset, cache);
    }
    return signed;
  }

  /**
   * Follows a change applied to the zone: the index learns the changed names' types, the cache
   * forgets their signatures. `rekey` when the apex key sets changed (read the key source again),
   * `rebuild` when the negative TTL (SOA) changed, which every NSEC/NSEC3 record carries.
   */
  update(change: ZoneChange): SignerUpdate {
    const touched = new Map<string, Set<number>>();
    for (const record of [...change.removed, ...change.added]) {
      let types = touched.get(record.name);
      if (!types) touched.set(record.name, (types = new Set()));
      types.add(record.type);
    }
    let rekey = false;
    for (const [name, types] of touched) {
      this.touched.add(name);
      const node = this.zone.nodes.get(name);
      this.index.update(name, node ? typesServed(node, node.name === this.zone.name) : []);
      for (const type of types) {
        for (const served of type === RRType.ALIAS ? [RRType.A, RRType.AAAA] : [type]) this.signatures.invalidate(name, served);
        if (name === this.zone.name && keySetTypes.has(type)) rekey = true;
      }
    }
    if (negativeTtl(this.zone) !== this.negativeTtl) return 'rebuild';
    if (rekey) return 'rekey';
    this.signTouched();
    return 'updated';
  }

  /**
   * The whole signed zone, for a signed transfer (AXFR/IXFR): every RRset with the signatures the
   * online path serves (the same cache), the NSEC/NSEC3 chain signed, in canonical order with each
   * RRset followed by its RRSIGs. The delegations' NS sets and glue are unsigned. An apex ALIAS
   * cannot be transferred (a secondary cannot resolve it): it is left out, and the addresses it
   * resolves to now can be given as `aliasAddresses` (A/AAAA RRsets at the apex) to be signed in;
   * the apex NSEC/NSEC3 lists only the address types given.
   */
  signedRecords(aliasAddresses: readonly Rrset[] = []): SignedRecord[] {
    const sets: { key: string; rrset: SignedRrset; signed: boolean; cache?: SignatureCache }[] = [];
    const add = (rrset: SignedRrset, signed: boolean, cache?: SignatureCache) => {
      sets.push({ key: `${canonicalSortKey(rrset.name)}\u0000${String(rrset.type).padStart(5, '0')}`, rrset, signed, cache });
    };
    for (const node of this.zone.nodes.values()) {
      const entry = this.index.get(node.name);
      for (const rrset of node.rrsets.values()) {
        if (rrset.type === RRType.ALIAS) continue;
        add(rrset, entry !== undefined && (!entry.delegation || rrset.type === RRType.DS));
      }
    }
    for (const rrset of aliasAddresses) add(rrset, true);
    // The apex bitmap lists A and AAAA for an ALIAS: what did not resolve is taken out of it.
    const unresolved = this.zone.apex.rrsets.has(RRType.ALIAS) ? [RRType.A, RRType.AAAA].filter((type) => !aliasAddresses.some((r) => r.type === type)) : [];
    const apexDenial = unresolved.length > 0 ? this.denial.nodata(this.zone.name)[0] : undefined;
    for (const rrset of this.denial.chain()) {
      if (rrset.name !== apexDenial?.name || rrset.type !== apexDenial.type) add(rrset, true);
      else add(unresolved.reduce(withoutType, rrset), true, this.aliasDenialSignatures(unresolved));
    }
    sets.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const out: SignedRecord[] = [];
    for (const { rrset, signed, cache } of sets) {
      for (const rdata of rrset.rdata) out.push({ name: rrset.name, type: rrset.type, ttl: rrset.ttl, rdata });
      if (!signed) continue;
      for (const rdata of (cache ?? this.signatures).for(rrset)?.rdata ?? []) out.push({ name: rrset.name, type: RRSIG_TYPE, ttl: rrset.ttl, rdata });
    }
    return out;
  }

  /** The changes of this turn signed ahead together on the next: a burst of changes is one run. */
  private signTouched(): void {
    if (!this.pool || this.touchedScheduled) return;
    this.touchedScheduled = true;
    setImmediate(() => {
      this.touchedScheduled = false;
      const names = [...this.touched];
      this.touched.clear();
      void this.run(this.touchedRrsets(names));
    });
  }

  private run(rrsets: Iterable<SignedRrset>, options: AheadOptions = {}): Promise<number> {
    if (!this.pool || this.stopped) return Promise.resolve(0);
    const pool = this.pool;
    const run = signAhead(pool, this.signatures, rrsets, { ...options, jitter: aheadJitter, stopped: () => this.stopped }).catch((error: unknown) => {
      // Threads stopped with the server or the signer end the run; only another end is worth a line.
      if (!this.stopped && !pool.closed)
        console.error(`dns: signing ${this.zone.name || '.'} ahead failed (${(error as Error).message}); its answers are signed when asked for`);
      return 0;
    });
    this.runs.add(run);
    void run.finally(() => this.runs.delete(run));
    return run;
  }

  /** What the zone serves signed: its authoritative RRsets (a delegation's DS, not its NS), then the NSEC/NSEC3 chain. */
  private *signable(): Generator<SignedRrset> {
    for (const node of this.zone.nodes.values()) yield* this.signedAt(node);
    // Record by record, so the answering thread computes the chain a batch at a time.
    const entries = this.index.all();
    for (let i = 0; i < entries.length; i++) yield* this.denial.nodata(entries[i]!.name);
  }

  /** The RRsets at the names a change touched, and their NSEC/NSEC3 neighbours. */
  private *touchedRrsets(names: string[]): Generator<SignedRrset> {
    for (const name of names) {
      const node = this.zone.nodes.get(name);
      if (node) yield* this.signedAt(node);
      yield* this.denial.neighbours(name);
    }
  }

  private *signedAt(node: ZoneNode): Generator<SignedRrset> {
    const entry = this.index.get(node.name);
    // Glue below a cut is not ours to sign.
    if (!entry) return;
    for (const rrset of node.rrsets.values()) {
      // An apex ALIAS is signed when resolved; RRSIGs are not signed.
      if (rrset.type === RRType.ALIAS || rrset.type === RRType.RRSIG) continue;
      if (!entry.delegation || rrset.type === RRType.DS) yield rrset;
    }
  }

  /** `served`, then its RRSIGs made over `source` but written under the served owner and TTL. */
  private add(section: Rrset[], served: SignedRrset, source: SignedRrset, cache = this.signatures): void {
    // The signing library's sets are read-only; encoding only reads them too.
    section.push(served as Rrset);
    const rrsig = cache.for(source);
    if (!rrsig) return;
    section.push((rrsig.name === served.name && rrsig.ttl === served.ttl ? rrsig : { ...rrsig, name: served.name, ttl: served.ttl }) as Rrset);
  }

  /**
   * The answer to a query without DO: as it was, but for qtype NSEC and RRSIG, which the signer
   * answers (the records, unsigned) where it has them, as Knot does.
   */
  plain(answer: Answer): Answer {
    const own = this.ownRecords(answer);
    return own ? { ...answer, answer: [own.served as Rrset], authority: [], proofs: [] } : answer;
  }

  /**
   * What a qtype NSEC or RRSIG question asks for, made by the signer: the NSEC RRset of the name
   * (NSEC denial only: NSEC3 records live at hashed names), or the RRSIGs of one RRset of the
   * name. `served` goes out under the asked name, `source` is what it was made from (the
   * wildcard's, when a wildcard stands for the name); undefined where the name has neither.
   */
  private ownRecords(answer: Answer): { served: SignedRrset; source: SignedRrset; wildcard?: string } | undefined {
    const proof = answer.proofs.length === 1 ? answer.proofs[0]! : undefined;
    if ((proof?.kind !== 'nsecQuery' && proof?.kind !== 'rrsigQuery') || answer.answer.length > 0) return undefined;
    const at = proof.wildcard ?? proof.name;
    const nsec = this.settings.nsec3 ? undefined : this.denial.nodata(at).find((rrset) => rrset.name === at && rrset.type === RRType.NSEC);
    let source: SignedRrset | undefined;
    if (proof.kind === 'nsecQuery') source = nsec;
    else {
      // The signatures of one RRset, that of the lowest type, as Knot: all of them would make one
      // cheap question sign every RRset of the name, and answer far larger than it asks (RFC 8482).
      const rrsets: SignedRrset[] = [...(this.zone.nodes.get(at)?.rrsets.values() ?? [])].filter((rrset) => rrset.type !== RRType.ALIAS);
      if (nsec) rrsets.push(nsec);
      const lowest = rrsets.reduce<SignedRrset | undefined>((low, rrset) => (low === undefined || rrset.type < low.type ? rrset : low), undefined);
      const rrsig = lowest && this.signatures.for(lowest);
      if (rrsig) source = rrsig;
    }
    if (!source) return undefined;
    const served = source.name === proof.name ? source : { ...source, name: proof.name };
    return proof.wildcard === undefined ? { served, source } : { served, source, wildcard: proof.wildcard };
  }

  private prove(proof: Proof): SignedRrset[] {
    switch (proof.kind) {
      case 'nxdomain':
        return this.denial.nxdomain(proof.name);
      case 'nsecQuery':
      case 'rrsigQuery':
        return proof.wildcard === undefined ? this.denial.nodata(proof.name) : this.denial.wildcardNodata(proof.name, proof.wildcard);
      case 'nodata':
      case 'targetNodata':
        return this.denial.nodata(proof.name);
      case 'wildcardNodata':
        return this.denial.wildcardNodata(proof.name, proof.wildcard);
      case 'wildcardAnswer':
        return this.denial.wildcardAnswer(proof.name, proof.wildcard);
      case 'insecureDelegation':
        return this.denial.insecureDelegation(proof.delegation);
      case 'aliasNodata':
        // The apex bitmap lists A and AAAA for the ALIAS; at this moment the target has none of this type.
        return this.denial.nodata(proof.name).map((rrset) => withoutType(rrset, proof.type));
    }
  }

  /**
   * Signatures of the apex NSEC/NSEC3 without A, AAAA or both, one cache for each: kept apart
   * from the zone's, whose apex record lists both and would otherwise be signed anew each time.
   */
  private aliasDenialSignatures(types: number[]): SignatureCache {
    const key = types.join(' ');
    let cache = this.aliasDenials.get(key);
    if (!cache) this.aliasDenials.set(key, (cache = new SignatureCache(this.zone.name, this.settings.keys)));
    return cache;
  }
}

/** Types as served at a name: an apex ALIAS answers as A and AAAA. */
function typesServed(node: ZoneNode, apex: boolean): number[] {
  const types: number[] = [];
  for (const type of node.rrsets.keys()) {
    if (type === RRType.ALIAS) {
      if (apex) types.push(RRType.A, RRType.AAAA);
    } else types.push(type);
  }
  return types;
}

function* servedRrsets(zone: Zone): Iterable<{ name: string; type: number }> {
  for (const node of zone.nodes.values()) {
    for (const type of typesServed(node, node.name === zone.name)) yield { name: node.name, type };
  }
}

/** RFC 9077: NSEC/NSEC3 records live as long as the negative answer, min(SOA TTL, SOA minimum). */
function negativeTtl(zone: Zone): number {
  const soa = zone.soa;
  const rdata = soa.rdata[0]!;
  const minimum = new DataView(rdata.buffer, rdata.byteOffset + rdata.length - 4, 4).getUint32(0);
  return Math.min(soa.ttl, minimum);
}

/** An NSEC or NSEC3 set with `type` taken out of its type bitmaps. */
function withoutType(rrset: SignedRrset, type: number): SignedRrset {
  const codec = recordType(rrset.type);
  // The bitmap is the tail of the presentation: after the next name (NSEC), after hash, flags, iterations, salt and next hash (NSEC3).
  const head = rrset.type === RRType.NSEC3 ? 5 : 1;
  const gone = typeName(type);
  const rdata = rrset.rdata.map((r) => {
    const fields = codec.fromWire(r).split(' ');
    return codec.toWire([...fields.slice(0, head), ...fields.slice(head).filter((field) => field !== gone)].join(' '));
  });
  return { ...rrset, rdata };
}
