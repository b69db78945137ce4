import { BlockList, isIP } from 'node:net';
import type { TsigKey } from '@kaja/dns-model/tsig';
import type { ZoneChange } from './zone';

/** A server that may transfer a zone from us and is sent NOTIFY after each change. */
export interface Secondary {
  zone: string;
  /** As `canonicalAddress` writes it. */
  address: string;
  port: number;
  /** Signs its transfer requests and our NOTIFY messages. */
  key: TsigKey;
  /** The database row, when there is one (for notified_serial). */
  id?: string;
}

/** Who may transfer which zone: the zone's TSIG keys with can_transfer and its secondaries. */
export interface TransferAccess {
  /** The keys that may sign a transfer of `zone`. */
  keys(zone: string): Promise<TsigKey[]>;
  /**
   * Whether a request from `address` signed with the key `keyName` (undefined: not signed) may
   * transfer `zone`.
   */
  allowed(zone: string, address: string, keyName: string | undefined): Promise<boolean>;
  /** Where NOTIFY goes after a change of `zone`. */
  secondaries(zone: string): Promise<Secondary[]>;
}

/** The zone changes as IXFR reads them. */
export interface TransferSource {
  /**
   * The changes from `serial` to the newest, oldest first; undefined when the stored changes do not
   * reach back that far (the answer is then the whole zone).
   */
  changesSince(zone: string, serial: number): Promise<ZoneChange[] | undefined>;
}

/** Without stored zone changes (zone files): every IXFR is answered with the whole zone. */
export const noZoneChanges: TransferSource = { changesSince: async () => undefined };

/** One spelling per address: IPv4 plain (also inside ::ffff:), IPv6 compressed lowercase. */
export function canonicalAddress(text: string): string {
  const address = text.startsWith('::ffff:') && isIP(text.slice(7)) === 4 ? text.slice(7) : text;
  if (isIP(address) !== 6) return address;
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/**
 * Addresses that may transfer a zone without being sent NOTIFY (`--allow-transfer`): `zone` is a
 * zone name or `*` for every zone; with a key, only requests signed with it.
 */
export interface TransferRule {
  zone: string;
  /** An address with its prefix length, e.g. 192.0.2.0/24 or 2001:db8::/32. */
  cidr: string;
  key?: TsigKey;
}

/** Secondaries and transfer rules given on the command line (standalone mode). */
export class StaticTransferAccess implements TransferAccess {
  private readonly byZone = new Map<string, Secondary[]>();
  private readonly rules: { zone: string; networks: BlockList; key?: TsigKey }[];

  constructor(secondaries: Secondary[], rules: TransferRule[] = []) {
    for (const secondary of secondaries) {
      const list = this.byZone.get(secondary.zone) ?? [];
      list.push({ ...secondary, address: canonicalAddress(secondary.address) });
      this.byZone.set(secondary.zone, list);
    }
    this.rules = rules.map((rule) => ({ zone: rule.zone, networks: network(rule.cidr), key: rule.key }));
  }

  async keys(zone: string): Promise<TsigKey[]> {
    const keys = [...(this.byZone.get(zone) ?? []).map((s) => s.key), ...this.rulesOf(zone).flatMap((rule) => (rule.key ? [rule.key] : []))];
    return [...new Map(keys.map((key) => [key.name, key])).values()];
  }

  async allowed(zone: string, address: string, keyName: string | undefined): Promise<boolean> {
    const from = canonicalAddress(address);
    if ((this.byZone.get(zone) ?? []).some((s) => s.address === from && s.key.name === keyName)) return true;
    const family = isIP(from) === 6 ? 'ipv6' : 'ipv4';
    // A rule without a key admits signed requests too: a valid signature only adds to the address.
    return this.rulesOf(zone).some((rule) => rule.networks.check(from, family) && (!rule.key || rule.key.name === keyName));
  }

  private rulesOf(zone: string) {
    return this.rules.filter((rule) => rule.zone === '*' || rule.zone === zone);
  }

  async secondaries(zone: string): Promise<Secondary[]> {
    return this.byZone.get(zone) ?? [];
  }
}

/** A BlockList holding one network written as ADDRESS/PREFIX; throws a RangeError for anything else. */
export function network(cidr: string): BlockList {
  const [address = '', prefix, ...rest] = cidr.split('/');
  const family = isIP(address);
  const bits = family === 6 ? 128 : 32;
  const length = prefix === undefined ? bits : Number(prefix);
  if (family === 0 || rest.length > 0 || !/^\d{1,3}$/.test(prefix ?? String(bits)) || length > bits) {
    throw new RangeError(`${cidr} is not an address or a network like 192.0.2.0/24 or 2001:db8::/32`);
  }
  const list = new BlockList();
  list.addSubnet(canonicalAddress(address), length, family === 6 ? 'ipv6' : 'ipv4');
  return list;
}
