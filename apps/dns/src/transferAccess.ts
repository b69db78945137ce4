import { isIP } from 'node:net';
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
  /** Whether a request from `address` signed with the key `keyName` may transfer `zone`. */
  allowed(zone: string, address: string, keyName: string): Promise<boolean>;
  /** Where NOTIFY goes after a change of `zone`. */
  secondaries(zone: string): Promise<Secondary[]>;
}

/** The change journal as IXFR reads it. */
export interface TransferSource {
  /**
   * The changes from `serial` to the newest, oldest first; undefined when the journal does not
   * reach back that far (the answer is then the whole zone).
   */
  changesSince(zone: string, serial: number): Promise<ZoneChange[] | undefined>;
}

/** Without a journal (zone files): every IXFR is answered with the whole zone. */
export const noJournal: TransferSource = { changesSince: async () => undefined };

/** One spelling per address: IPv4 plain (also inside ::ffff:), IPv6 compressed lowercase. */
export function canonicalAddress(text: string): string {
  const address = text.startsWith('::ffff:') && isIP(text.slice(7)) === 4 ? text.slice(7) : text;
  if (isIP(address) !== 6) return address;
  return new URL(`http://[${address}]/`).hostname.slice(1, -1);
}

/** Secondaries given on the command line (standalone mode). */
export class StaticTransferAccess implements TransferAccess {
  private readonly byZone = new Map<string, Secondary[]>();

  constructor(secondaries: Secondary[]) {
    for (const secondary of secondaries) {
      const list = this.byZone.get(secondary.zone) ?? [];
      list.push({ ...secondary, address: canonicalAddress(secondary.address) });
      this.byZone.set(secondary.zone, list);
    }
  }

  async keys(zone: string): Promise<TsigKey[]> {
    return [...new Map((this.byZone.get(zone) ?? []).map((s) => [s.key.name, s.key])).values()];
  }

  async allowed(zone: string, address: string, keyName: string): Promise<boolean> {
    const from = canonicalAddress(address);
    return (this.byZone.get(zone) ?? []).some((s) => s.address === from && s.key.name === keyName);
  }

  async secondaries(zone: string): Promise<Secondary[]> {
    return this.byZone.get(zone) ?? [];
  }
}
