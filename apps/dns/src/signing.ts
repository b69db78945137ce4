import { Rcode, RRType } from '@kaja/dns-model';
import { DEFAULT_POLICY, SigningPool, type SignatureCache, type SignedRecord } from '@kaja/dnssec';
import { apexAliasAddresses, type AliasResolver } from './alias';
import { emptyAnswer, type Answer } from './answer';
import { isPresigned } from './presigned/presignedAnswers';
import type { KeySource, SigningSettings } from './keySource';
import { keySetTypes } from './publishedKeys';
import type { Zone, ZoneChange } from './zone';
import type { ZoneStore } from './zoneStore';
import { ZoneSigner } from './zoneSigner';

/** How often signatures made ahead are looked over for renewal, in seconds: a day. */
const renewEvery = DEFAULT_POLICY.refreshWithin / 7;

/** The first wait before a failed read of a zone's keys is tried again; it doubles up to `retryMaxMs`. */
const retryFirstMs = 1000;
const retryMaxMs = 30_000;

/**
 * The DNSSEC step of the answer pipeline (between lookup and encode, for queries with the DO
 * bit): one `ZoneSigner` per signed zone, its keys from a `KeySource`, kept in step with the
 * `ZoneStore`. A zone whose key source gives no active key is served unsigned. A zone that
 * publishes keys (DNSKEY at its apex) whose keys are not held (not read yet, the read failed, they
 * would not open) is answered SERVFAIL where signatures are asked for: an unsigned answer would be
 * bogus to every validating resolver, a SERVFAIL sends it to another server. A failed read is
 * tried again with a doubling wait up to 30 s, and logged once until it succeeds.
 *
 * Each signer signs its zone ahead in this thread's signing threads (decision 068): when built,
 * after each change, and a day before signatures would be renewed on use. Answers never wait for
 * it: a signature not made yet is made when the answer asks for it, as before.
 */
export class ZoneSigning {
  private readonly settings = new Map<string, SigningSettings>();
  private readonly signers = new Map<string, ZoneSigner>();
  /** The latest key load per zone, so an older one finishing late cannot win. */
  private readonly loads = new Map<string, Promise<void>>();
  /** The zone object each name's keys were last read for: a zone loaded whole again is read again. */
  private readonly readFor = new Map<string, Zone>();
  /** Zones whose keys the source gave (signed or not) since they came. */
  private readonly known = new Set<string>();
  /** Zones whose last read of their keys failed: the retry's timer and the failures in a row. */
  private readonly failures = new Map<string, { timer: NodeJS.Timeout; attempts: number }>();
  /** Answers given SERVFAIL because their zone's keys were not held (`kaja_dns_signing_unavailable_total`). */
  unavailable = 0;
  private readonly listeners: ((zone?: string) => void)[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly pool: SigningPool | undefined;

  constructor(
    private readonly zones: ZoneStore,
    private readonly source: KeySource,
    /** Signing threads for signing ahead; none (every signature made on first use) when 0. */
    threads?: number,
  ) {
    this.pool = threads === 0 ? undefined : new SigningPool(threads);
    zones.onZoneSet((name) => this.follow(name));
    zones.onChange((name, change) => {
      if (name === undefined || !change) return;
      // Changed key sets are noticed by the signer itself; a key activated or retired, by this.
      if (source.keysChangeWithSerial && onlySoa(change)) return void this.reload(name);
      const signer = this.signers.get(name);
      // An unsigned zone that now publishes keys (signing turned on) is signed from here on.
      if (!signer && publishesKeys(name, change)) return void this.reload(name);
      // No signer, or one of a replaced zone: the next signed answer builds it from the zone as it is.
      if (!signer || signer.zone !== zones.get(name)) return;
      const result = signer.update(change);
      // The NSEC/NSEC3 records carry the negative TTL: a signer built anew, its signatures kept.
      if (result === 'rebuild') this.build(signer.zone, signer.settings, signer.signatures);
      if (result === 'rekey') void this.reload(name);
    });
    source.onChange?.((name) => void this.reload(name));
    // Answers are cached with their signatures: forgetting them once a day, after what gets old
    // within two days is signed again ahead, serves the renewed ones (the signature cache would
    // also renew on use what has under `refreshWithin` left).
    this.timer = setInterval(() => void this.renew(2 * renewEvery), renewEvery * 1000);
    this.timer.unref();
    for (const name of zones.names()) this.follow(name);
  }

  /** Resolves once the keys of every zone in the store have been read. */
  async ready(): Promise<void> {
    await Promise.all([...this.loads.values()]);
  }

  /**
   * Resolves once the latest read of a zone's keys has ended, so whoever applies a zone's changes
   * can take the next with the keys the last one brought.
   */
  async keysRead(name: string): Promise<void> {
    await this.loads.get(name);
  }

  /**
   * Calls `listener` whenever signed answers made before may no longer be served: a zone's, by its
   * name (its keys changed), or every zone's (undefined: signatures renewed).
   */
  onInvalidate(listener: (zone?: string) => void): void {
    this.listeners.push(listener);
  }

  /**
   * The answer with its RRSIGs and denial proofs when its zone is signed; SERVFAIL when the zone
   * publishes keys this process does not hold; else as it was.
   */
  sign(answer: Answer): Answer {
    const zone = answer.zone;
    if (!zone) return answer;
    const signer = this.signer(zone);
    if (signer) return signer.sign(answer);
    if (!this.keysMissing(zone)) return answer;
    this.unavailable++;
    // Not cached: the keys may come with the next message from the key source.
    return { ...emptyAnswer(Rcode.SERVFAIL, zone), uncacheable: true };
  }

  /**
   * The answer to a query without DO: as it was, but qtype NSEC and RRSIG at a name of a zone
   * signed here get the records the signer holds (unsigned), as Knot answers them.
   */
  plain(answer: Answer): Answer {
    const zone = answer.zone;
    if (!zone || !answer.proofs.some((proof) => proof.kind === 'nsecQuery' || proof.kind === 'rrsigQuery')) return answer;
    return this.signer(zone)?.plain(answer) ?? answer;
  }

  /** The signer of a served zone, built on first use; undefined when the zone is not signed. */
  signer(zone: Zone): ZoneSigner | undefined {
    const settings = this.settings.get(zone.name);
    if (!settings) return undefined;
    let signer = this.signers.get(zone.name);
    if (signer?.zone !== zone || signer.settings !== settings)
      signer = this.build(zone, settings, signer?.settings === settings ? signer.signatures : undefined);
    return signer;
  }

  private build(zone: Zone, settings: SigningSettings, signatures?: SignatureCache): ZoneSigner {
    this.drop(zone.name);
    const signer = new ZoneSigner(zone, settings, signatures, this.pool);
    this.signers.set(zone.name, signer);
    void this.signAhead(signer);
    return signer;
  }

  /** Forgets a zone's signer; its signing ahead stops at the next batch. */
  private drop(name: string): void {
    this.signers.get(name)?.stop();
    this.signers.delete(name);
  }

  /**
   * Resolves once `zone`'s keys have been read and what its signer signs ahead is signed: answers
   * made ahead of their queries wait for it, rather than make each signature on the answer path.
   * False when its keys are not held: its signed answers are SERVFAIL, made when asked.
   */
  async signedAheadFor(zone: Zone): Promise<boolean> {
    await this.loads.get(zone.name);
    if (this.keysMissing(zone)) return false;
    const signer = this.signers.get(zone.name);
    if (signer?.zone === zone) await signer.settled();
    return true;
  }

  /** Resolves once no zone is being signed ahead (tests, benchmarks). */
  async signedAhead(): Promise<void> {
    for (const signer of this.signers.values()) await signer.settled();
  }

  /**
   * Signs again ahead, in every zone, the signatures to be renewed within `horizon` seconds, then
   * has the answers cached with the old ones forgotten.
   */
  async renew(horizon: number): Promise<void> {
    await Promise.all([...this.signers.values()].map((signer) => signer.renew(horizon)));
    this.emit();
  }

  private async signAhead(signer: ZoneSigner): Promise<void> {
    const started = performance.now();
    const signed = await signer.signAhead();
    if (signed > 0) {
      const ms = Math.round(performance.now() - started);
      console.log(`dns: signed ${signer.zone.name || '.'} ahead: ${signed} RRsets in ${ms} ms, ${signer.signatures.size} held`);
    }
  }

  /**
   * The whole signed zone for a transfer, undefined when the zone is not signed. A secondary
   * cannot resolve an apex ALIAS: the zone goes out with the addresses it resolves to now.
   */
  async signedTransfer(zone: Zone, alias?: AliasResolver): Promise<SignedRecord[] | undefined> {
    // A secondary given the zone unsigned would serve it bogus until the next transfer.
    if (this.keysMissing(zone)) throw new Error(`the DNSSEC keys of ${zone.name} are not held here: the zone is not sent unsigned`);
    const aliasAddresses = await apexAliasAddresses(zone, alias);
    return this.signer(zone)?.signedRecords(aliasAddresses);
  }

  /** Reads a zone's keys from the key source again (a key published, activated, retired or deleted). */
  reload(name: string): Promise<void> {
    const served = this.zones.get(name);
    if (served) this.readFor.set(name, served);
    const load = this.source.settings(name).then(
      (settings) => {
        if (this.loads.get(name) !== load) return;
        this.recovered(name);
        // The source tells of them when it has them (`onChange`).
        if (settings === 'awaited') return;
        const zone = this.zones.get(name);
        // Its answers were SERVFAIL where signed ones were asked for, and none was made ahead.
        const wasMissing = zone !== undefined && this.keysMissing(zone);
        if (zone) this.known.add(name);
        const usable = settings?.keys.some((k) => k.active) && zone !== undefined;
        const before = this.settings.get(name);
        const same = usable && before !== undefined && sameSigning(before, settings!);
        // The same keys read again (a SOA change that was not a key's): the signatures made stay good.
        if (same && this.signers.get(name)?.zone === zone) return;
        if (usable) this.settings.set(name, settings!);
        else this.settings.delete(name);
        this.drop(name);
        // Built now rather than on the first signed query, which would wait for it.
        if (usable && zone) this.signer(zone);
        // Answers made before are good when the signing is the same (a zone put again: its answers
        // were forgotten when it was put, and those made since are signed with these keys) or the
        // zone is unsigned as it was; they are stale when keys came, changed or went.
        if (!same && (usable || before !== undefined || wasMissing)) this.emit(name);
      },
      (error: unknown) => {
        if (this.loads.get(name) === load) this.failed(name, error as Error);
      },
    );
    this.loads.set(name, load);
    return load;
  }

  close(): void {
    clearInterval(this.timer);
    for (const signer of this.signers.values()) signer.stop();
    this.pool?.close();
    for (const { timer } of this.failures.values()) clearTimeout(timer);
    this.failures.clear();
  }

  /** A zone that publishes keys, and is not presigned, whose keys were never given: it cannot be answered signed. */
  private keysMissing(zone: Zone): boolean {
    return !this.known.has(zone.name) && zone.apex.rrsets.has(RRType.DNSKEY) && !isPresigned(zone);
  }

  /** A read of a served zone's keys failed: said once per streak, tried again after a doubling wait. */
  private failed(name: string, error: Error): void {
    const zone = this.zones.get(name);
    if (!zone) return;
    const previous = this.failures.get(name);
    clearTimeout(previous?.timer);
    const attempts = (previous?.attempts ?? 0) + 1;
    if (!previous) {
      const meanwhile = this.settings.has(name)
        ? 'signed with the keys read before'
        : this.keysMissing(zone)
          ? 'answered SERVFAIL where signatures are asked for'
          : 'served unsigned';
      console.error(
        `dns: could not read the DNSSEC keys of ${name} (${error.message}); ${meanwhile} until they are read, tried again with a doubling wait up to 30 s`,
      );
    }
    const timer = setTimeout(() => void this.reload(name), Math.min(retryMaxMs, retryFirstMs * 2 ** (attempts - 1)));
    timer.unref();
    this.failures.set(name, { timer, attempts });
  }

  private recovered(name: string): void {
    const failure = this.failures.get(name);
    if (!failure) return;
    clearTimeout(failure.timer);
    this.failures.delete(name);
    console.log(`dns: read the DNSSEC keys of ${name} after ${failure.attempts} failed attempt(s)`);
  }

  /**
   * A zone came or went: read the keys of a new one or of one loaded whole again (a key change may
   * have come while the node was behind), forget a gone one.
   */
  private follow(name: string): void {
    const zone = this.zones.get(name);
    if (zone) {
      if (this.readFor.get(name) !== zone) void this.reload(name);
      return;
    }
    this.loads.delete(name);
    this.readFor.delete(name);
    this.settings.delete(name);
    this.drop(name);
    this.known.delete(name);
    clearTimeout(this.failures.get(name)?.timer);
    this.failures.delete(name);
  }

  private emit(zone?: string): void {
    for (const listener of this.listeners) listener(zone);
  }
}

/** The same denial and the same keys, each as active as before. */
function sameSigning(a: SigningSettings, b: SigningSettings): boolean {
  if (a.nsec3 !== b.nsec3 || a.keys.length !== b.keys.length) return false;
  return a.keys.every((key, i) => {
    const other = b.keys[i]!;
    return key.active === other.active && key.keytype === other.keytype && Buffer.compare(key.dnskey, other.dnskey) === 0;
  });
}

/** A change that replaced the SOA and nothing else. */
function onlySoa(change: ZoneChange): boolean {
  return change.added.every((r) => r.type === RRType.SOA) && change.removed.every((r) => r.type === RRType.SOA);
}

/** A change that adds apex key sets (DNSKEY, CDS, CDNSKEY, NSEC3PARAM). */
function publishesKeys(zone: string, change: ZoneChange): boolean {
  return change.added.some((record) => record.name === zone && keySetTypes.has(record.type));
}
