import type { Cryptokey } from '@kaja/dnssec';

/** How a zone is signed: its keys (every one published, the active ones sign) and its denial. */
export interface SigningSettings {
  keys: readonly Cryptokey[];
  /** NSEC3 with RFC 9276 parameters instead of NSEC. */
  nsec3: boolean;
}

/**
 * Where the DNS server gets a zone's keys: key files or keys made at start in standalone mode,
 * the `cryptokeys` table in database mode. A zone without an active key is served unsigned.
 */
export interface KeySource {
  /**
   * The zone's keys; undefined when it is unsigned. `awaited`: the source does not hold them yet
   * and tells of them (`onChange`) when it does; meanwhile a zone that publishes keys is answered
   * SERVFAIL where signatures are asked for, never unsigned (`ZoneSigning.sign`).
   */
  settings(zone: string): Promise<SigningSettings | undefined | 'awaited'>;
  /** Tells of zones whose keys changed outside the zone's records (a key (de)activated, say). */
  onChange?(listener: (zone: string) => void): void;
  /**
   * A change of a zone's SOA and nothing else tells that its keys may have changed: the platform
   * bumps the serial when a key is activated or retired, which changes no record.
   */
  readonly keysChangeWithSerial?: boolean;
}

/** Keys held in memory, set per zone: standalone mode (`--dnssec`) and tests. */
export class StaticKeySource implements KeySource {
  private readonly zones = new Map<string, SigningSettings>();
  private readonly listeners: ((zone: string) => void)[] = [];

  constructor(initial: Iterable<[zone: string, settings: SigningSettings]> = []) {
    for (const [zone, settings] of initial) this.zones.set(zone, settings);
  }

  async settings(zone: string): Promise<SigningSettings | undefined> {
    return this.zones.get(zone);
  }

  /** New keys for a zone (published, activated, retired): the signer takes them at once. */
  set(zone: string, settings: SigningSettings | undefined): void {
    if (settings) this.zones.set(zone, settings);
    else this.zones.delete(zone);
    for (const listener of this.listeners) listener(zone);
  }

  onChange(listener: (zone: string) => void): void {
    this.listeners.push(listener);
  }
}
