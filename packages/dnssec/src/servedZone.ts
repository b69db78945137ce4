import { recordType, typeCode } from '@kaja/dns-model';
import type { Rrset } from './canonical';
import type { Denial } from './denial';
import { dsRdata } from './ds';
import { generateCryptokey, type Cryptokey } from './keys';
import { NsecDenial } from './nsec';
import { Nsec3Denial } from './nsec3';
import { RRSIG_TYPE } from './rrsig';
import { SignatureCache } from './signatureCache';
import type { SignedRecord } from './signZone';
import { zoneRecords } from './testZone';
import { ZoneIndex } from './zoneIndex';

const DS = 43;

/**
 * A zone served with online signing, as the DNS server holds it (for tests): its RRsets, index,
 * denial and signature cache, changed one RRset at a time.
 */
export class ServedZone {
  readonly rrsets = new Map<string, Map<number, Rrset>>();
  readonly index: ZoneIndex;
  readonly denial: Denial;
  readonly signatures: SignatureCache;
  keys: Cryptokey[] = [generateCryptokey({ keytype: 'ksk' }), generateCryptokey({ keytype: 'zsk' })];

  constructor(
    readonly zone: string,
    nsec3: boolean,
  ) {
    for (const r of zoneRecords(zone)) {
      const type = typeCode(r.type);
      const rdata = recordType(type).toWire(r.content);
      const existing = this.rrsets.get(r.name)?.get(type);
      this.put({ name: r.name, type, ttl: r.ttl, rdata: existing ? [...existing.rdata, rdata] : [rdata] });
    }
    this.put({ name: this.zone, type: 48, ttl: 3600, rdata: this.keys.map((k) => k.dnskey) });
    this.put({ name: this.zone, type: 59, ttl: 3600, rdata: [dsRdata(this.zone, this.keys[0]!.dnskey, 2)] });
    this.put({ name: this.zone, type: 60, ttl: 3600, rdata: [this.keys[0]!.dnskey] });
    this.index = new ZoneIndex(
      this.zone,
      [...this.rrsets.values()].flatMap((types) => [...types.values()]),
    );
    this.denial = nsec3 ? new Nsec3Denial(this.index, 300) : new NsecDenial(this.index, 300);
    for (const rrset of this.denial.apexRrsets()) this.put(rrset);
    this.signatures = new SignatureCache(this.zone, this.keys);
  }

  /** A key published, (de)activated or deleted: the apex key sets follow, every signature is remade. */
  setKeys(keys: Cryptokey[]): void {
    this.keys = keys;
    const ksks = keys.filter((k) => k.active && k.keytype === 'ksk');
    this.put({ name: this.zone, type: 48, ttl: 3600, rdata: keys.map((k) => k.dnskey) });
    this.put({ name: this.zone, type: 59, ttl: 3600, rdata: ksks.map((k) => dsRdata(this.zone, k.dnskey, 2)) });
    this.put({ name: this.zone, type: 60, ttl: 3600, rdata: ksks.map((k) => k.dnskey) });
    this.signatures.setKeys(keys);
  }

  private put(rrset: Rrset): void {
    let types = this.rrsets.get(rrset.name);
    if (!types) this.rrsets.set(rrset.name, (types = new Map<number, Rrset>()));
    types.set(rrset.type, rrset);
  }

  /** A change through the API: the RRset replaced (or removed when `rdata` is empty). */
  change(name: string, type: string, contents: string[]): void {
    const code = typeCode(type);
    const types = this.rrsets.get(name) ?? new Map<number, Rrset>();
    if (contents.length === 0) types.delete(code);
    else types.set(code, { name, type: code, ttl: 300, rdata: contents.map((c) => recordType(code).toWire(c)) });
    if (types.size === 0) this.rrsets.delete(name);
    else this.rrsets.set(name, types);
    this.index.update(name, types.keys());
    this.signatures.invalidate(name, code);
  }

  /** What an AXFR of the signed zone would carry. */
  served(): SignedRecord[] {
    const out: SignedRecord[] = [];
    const add = (rrset: Rrset, signed: boolean) => {
      for (const rdata of rrset.rdata) out.push({ name: rrset.name, type: rrset.type, ttl: rrset.ttl, rdata });
      const rrsig = signed ? this.signatures.for(rrset) : undefined;
      for (const rdata of rrsig?.rdata ?? []) out.push({ name: rrset.name, type: RRSIG_TYPE, ttl: rrset.ttl, rdata });
    };
    for (const [name, types] of this.rrsets) {
      const entry = this.index.get(name);
      for (const rrset of types.values()) add(rrset, !!entry && (!entry.delegation || rrset.type === DS));
    }
    for (const rrset of this.denial.chain()) add(rrset, true);
    return out;
  }
}
