import { RRType } from '@kaja/dns-model';
import { DEFAULT_POLICY, type SignedRecord } from '@kaja/dnssec';
import { apexAliasAddresses, type AliasResolver } from './alias';
import type { Answer } from './answer';
import type { KeySource, SigningSettings } from './keySource';
import { keySetTypes } from './publishedKeys';
import type { Zone, ZoneChange } from './zone';
import type { ZoneStore } from './zoneStore';
import { ZoneSigner } from './zoneSigner';

/**
 * The DNSSEC step of the answer pipeline (between lookup and encode, for queries with the DO
 * bit): one `ZoneSigner` per signed zone, its keys from a `KeySource`, kept in step with the
 * `ZoneStore`. A zone whose key source gives no active key is served unsigned.
 */
export class ZoneSigning {
  private readonly settings = new Map<string, SigningSettings>();
  private readonly signers = new Map<string, ZoneSigner>();
  /** The latest key load per zone, so an older one finishing late cannot win. */
  private readonly loads = new Map<string, Promise<void>>();
  /** The zone object each name's keys were last read for: a zone loaded whole again is read again. */
  private readonly readFor = new Map<string, Zone>();
  private readonly listeners: (() => void)[] = [];
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly zones: ZoneStore,
    private readonly source: KeySource,
  ) {
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
      if (result === 'rebuild') this.signers.delete(name);
      if (result === 'rekey') void this.reload(name);
    });
    source.onChange?.((name) => void this.reload(name));
    // Answers are cached with their signatures: forgetting them once per refresh period lets the
    // signature cache renew what is getting old (it re-signs under `refreshWithin` left).
    this.timer = setInterval(() => this.emit(), (DEFAULT_POLICY.refreshWithin / 7) * 1000);
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

  /** Calls `listener` whenever signed answers made before may no longer be served (new keys). */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** The answer with its RRSIGs and denial proofs when its zone is signed; else as it was. */
  sign(answer: Answer): Answer {
    const signer = answer.zone && this.signer(answer.zone);
    return signer ? signer.sign(answer) : answer;
  }

  /** The signer of a served zone, built on first use; undefined when the zone is not signed. */
  signer(zone: Zone): ZoneSigner | undefined {
    const settings = this.settings.get(zone.name);
    if (!settings) return undefined;
    let signer = this.signers.get(zone.name);
    if (signer?.zone !== zone || signer.settings !== settings) {
      signer = new ZoneSigner(zone, settings, signer?.settings === settings ? signer.signatures : undefined);
      this.signers.set(zone.name, signer);
    }
    return signer;
  }

  /**
   * The whole signed zone for a transfer, undefined when the zone is not signed. A secondary
   * cannot resolve an apex ALIAS: the zone goes out with the addresses it resolves to now.
   */
  async signedTransfer(zone: Zone, alias?: AliasResolver): Promise<SignedRecord[] | undefined> {
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
        const usable = settings?.keys.some((k) => k.active) && this.zones.get(name) !== undefined;
        if (usable) this.settings.set(name, settings!);
        else this.settings.delete(name);
        this.signers.delete(name);
        const zone = this.zones.get(name);
        // Built now rather than on the first signed query, which would wait for it.
        if (usable && zone) this.signer(zone);
        this.emit();
      },
      (error: unknown) => console.error(`dns: could not read the DNSSEC keys of ${name}:`, (error as Error).message),
    );
    this.loads.set(name, load);
    return load;
  }

  close(): void {
    clearInterval(this.timer);
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
    this.signers.delete(name);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** A change that replaced the SOA and nothing else. */
function onlySoa(change: ZoneChange): boolean {
  return change.added.every((r) => r.type === RRType.SOA) && change.removed.every((r) => r.type === RRType.SOA);
}

/** A change that adds apex key sets (DNSKEY, CDS, CDNSKEY, NSEC3PARAM). */
function publishesKeys(zone: string, change: ZoneChange): boolean {
  return change.added.some((record) => record.name === zone && keySetTypes.has(record.type));
}
