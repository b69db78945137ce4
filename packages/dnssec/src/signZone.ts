import { fqdn, isSubdomain, readName, recordType, typeCode, typeName, type ZoneRecord } from '@kaja/dns-model';
import { canonicalRdataSet, canonicalSortKey, type Rrset } from './canonical';
import type { Denial } from './denial';
import { dsRdata } from './ds';
import type { Cryptokey } from './keys';
import { NsecDenial } from './nsec';
import { Nsec3Denial, RFC9276_PARAMETERS, type Nsec3Parameters } from './nsec3';
import { RRSIG_TYPE, signRrset, type SignatureTimes } from './rrsig';
import { signatureTimes, signingKeys, type SignaturePolicy } from './signatureCache';
import { ZoneIndex } from './zoneIndex';

/** One record of a signed zone, rdata in wire form (class IN). */
export interface SignedRecord {
  name: string;
  type: number;
  ttl: number;
  rdata: Uint8Array;
}

export interface SignZoneOptions {
  zone: string;
  /** The zone's records as the record model holds them (e.g. from `parseZoneFile`), with their rdata when `parseZoneFile` was asked to keep it. */
  records: Iterable<ZoneRecord & { rdata?: Uint8Array }>;
  /** All of the zone's keys: every one is published in the DNSKEY set, the active ones sign. */
  keys: readonly Cryptokey[];
  /** NSEC3 (true: RFC 9276 parameters) instead of NSEC. */
  nsec3?: boolean | Nsec3Parameters;
  /** Seconds since the epoch; now by default. */
  now?: number;
  policy?: SignaturePolicy;
  /** Digest types of the CDS records published for the active KSKs (SHA-256 by default). */
  cdsDigestTypes?: number[];
}

const SOA = 6;
const DS = 43;
const DNSKEY = 48;
const CDS_TYPE = 59;
const CDNSKEY = 60;
/** Records a signer makes itself: whatever the input holds of them is replaced. */
const signerTypes = new Set([RRSIG_TYPE, 47, 50, 51, DNSKEY, CDS_TYPE, CDNSKEY]);

/** One RRset to sign and the keys (positions in `keys`) that sign it. */
export interface SigningJob {
  rrset: Rrset;
  keys: number[];
}

/** A zone ready to sign: the jobs, and how their signatures go back into the signed zone. */
export interface ZonePlan {
  zone: string;
  keys: readonly Cryptokey[];
  times: SignatureTimes;
  jobs: SigningJob[];
  /** The signed zone from one RRSIG rdata per job and key, in job order. */
  assemble(signatures: readonly (readonly Uint8Array[])[]): SignedRecord[];
}

/**
 * Signs a whole zone offline (what a signed AXFR transfers): adds DNSKEY, CDS and CDNSKEY at the
 * apex, the NSEC or NSEC3 chain, and an RRSIG for every authoritative RRset. Glue and the NS set
 * of a delegation stay unsigned; a DS at a delegation is signed. Returns the records in canonical
 * order, each RRset followed by its RRSIGs. `signZoneInParallel` does the same on all cores.
 */
export function signZone(options: SignZoneOptions): SignedRecord[] {
  const plan = planZone(options);
  return plan.assemble(plan.jobs.map((job) => job.keys.map((k) => signRrset(job.rrset, plan.keys[k]!, plan.zone, plan.times))));
}

/**
 * Plans the signing of a zone. `onJob` hears of each job as soon as it is known, in job order:
 * the RRsets of the data first, then the NSEC or NSEC3 chain.
 */
export function planZone(options: SignZoneOptions, onJob?: (job: SigningJob) => void): ZonePlan {
  const zone = options.zone;
  const sets = collect(zone, options.records);
  const apex = sets.get(zone);
  const soa = apex?.get(SOA);
  if (!apex || !soa || soa.rdata.length !== 1) throw new RangeError(`The zone ${zone} needs exactly one SOA record at its apex`);
  const soaRdata = soa.rdata[0]!;
  const minimum = new DataView(soaRdata.buffer, soaRdata.byteOffset + soaRdata.length - 4, 4).getUint32(0);
  const negativeTtl = Math.min(soa.ttl, minimum);

  const keys = options.keys;
  if (!keys.some((k) => k.active)) throw new RangeError('Signing needs at least one active key');
  const ksks = keys.filter((k) => k.active && k.keytype === 'ksk');
  apex.set(DNSKEY, { name: zone, type: DNSKEY, ttl: soa.ttl, rdata: keys.map((k) => k.dnskey) });
  if (ksks.length > 0) {
    const digestTypes = options.cdsDigestTypes ?? [2];
    apex.set(CDS_TYPE, {
      name: zone,
      type: CDS_TYPE,
      ttl: soa.ttl,
      rdata: ksks.flatMap((k) => digestTypes.map((d) => dsRdata(zone, k.dnskey, d))),
    });
    apex.set(CDNSKEY, { name: zone, type: CDNSKEY, ttl: soa.ttl, rdata: ksks.map((k) => k.dnskey) });
  }

  const index = new ZoneIndex(
    zone,
    [...sets].flatMap(([name, types]) => [...types.keys()].map((type) => ({ name, type }))),
  );
  const times = signatureTimes(options.now ?? Math.floor(Date.now() / 1000), options.policy);
  const keyPosition = new Map(keys.map((k, i) => [k, i]));
  const keysFor = new Map<number, number[]>();
  const signers = (type: number) => {
    let found = keysFor.get(type);
    if (!found) keysFor.set(type, (found = signingKeys(keys, type).map((k) => keyPosition.get(k)!)));
    return found;
  };

  // The signed zone's owners, each with its RRsets (and their jobs), to be put in canonical order.
  const owners = new Map<string, { key: string; rrsets: { rrset: Rrset; job?: number }[] }>();
  const jobs: SigningJob[] = [];
  const add = (rrset: Rrset, signed: boolean) => {
    if (signed) {
      const job = { rrset, keys: signers(rrset.type) };
      jobs.push(job);
      onJob?.(job);
    }
    let owner = owners.get(rrset.name);
    if (!owner) owners.set(rrset.name, (owner = { key: index.get(rrset.name)?.key ?? canonicalSortKey(rrset.name), rrsets: [] }));
    owner.rrsets.push({ rrset, job: signed ? jobs.length - 1 : undefined });
  };
  for (const [name, types] of sets) {
    const entry = index.get(name);
    for (const rrset of types.values()) {
      // Authoritative data is signed; at a delegation only the DS is, and glue never.
      add(rrset, !!entry && (!entry.delegation || rrset.type === DS));
    }
  }
  // The data's jobs are out before the chain is built, so that they can be signed meanwhile.
  const denial: Denial = options.nsec3
    ? new Nsec3Denial(index, negativeTtl, options.nsec3 === true ? RFC9276_PARAMETERS : options.nsec3)
    : new NsecDenial(index, negativeTtl);
  for (const rrset of denial.apexRrsets()) add(rrset, true);
  for (const rrset of denial.chain()) add(rrset, true);
  const ordered = [...owners.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const owner of ordered) if (owner.rrsets.length > 1) owner.rrsets.sort((a, b) => a.rrset.type - b.rrset.type);

  return {
    zone,
    keys,
    times,
    jobs,
    assemble(signatures) {
      const out: SignedRecord[] = [];
      for (const owner of ordered) {
        for (const { rrset, job } of owner.rrsets) {
          for (const rdata of rrset.rdata) out.push({ name: rrset.name, type: rrset.type, ttl: rrset.ttl, rdata });
          if (job === undefined) continue;
          for (const rdata of signatures[job]!) out.push({ name: rrset.name, type: RRSIG_TYPE, ttl: rrset.ttl, rdata });
        }
      }
      return out;
    },
  };
}

/** The zone's RRsets by name and type, without the records the signer makes itself. */
function collect(zone: string, records: Iterable<ZoneRecord & { rdata?: Uint8Array }>): Map<string, Map<number, Rrset & { rdata: Uint8Array[] }>> {
  const sets = new Map<string, Map<number, Rrset & { rdata: Uint8Array[] }>>();
  for (const record of records) {
    if (!isSubdomain(record.name, zone)) throw new RangeError(`${record.name} is not inside the zone ${zone}`);
    const type = typeCode(record.type);
    if (record.type === 'ALIAS') {
      throw new RangeError(`ALIAS at ${record.name} is answered live by the DNS server and cannot be signed offline`);
    }
    if (signerTypes.has(type)) continue;
    const rdata = record.rdata ?? recordType(type).toWire(record.content);
    let types = sets.get(record.name);
    if (!types) sets.set(record.name, (types = new Map<number, Rrset & { rdata: Uint8Array[] }>()));
    const rrset = types.get(type);
    if (rrset) {
      rrset.rdata.push(rdata);
      rrset.ttl = Math.min(rrset.ttl, record.ttl);
    } else types.set(type, { name: record.name, type, ttl: record.ttl, rdata: [rdata] });
  }
  for (const types of sets.values()) {
    for (const rrset of types.values()) rrset.rdata = canonicalRdataSet(rrset.type, rrset.rdata);
  }
  return sets;
}

/** The signed records in the record model's form (content as canonical presentation). */
export function signedZoneRecords(records: Iterable<SignedRecord>): ZoneRecord[] {
  const out: ZoneRecord[] = [];
  for (const r of records) out.push({ name: r.name, type: typeName(r.type), ttl: r.ttl, content: recordType(r.type).fromWire(r.rdata) });
  return out;
}

/**
 * The signed zone as a master file in UTF-8, in the layout of the record model's zone-file writer
 * (relative owners, aligned columns, a blank line between owners) but in the order given: a
 * signed zone comes in canonical order already, and sorting it again took a large part of the
 * time to write it. RRSIGs, half of a signed zone, are written without the generic codec. The
 * text comes a chunk of about 64 KiB at a time, for `fs.promises.writeFile` or a stream: holding
 * every line of a large zone made the writing mostly garbage collection, and joining the chunks
 * into one buffer took a fifth of it (a signed 100,000-record zone is some 45 MB).
 */
export function* writeSignedZone(zone: string, records: Iterable<SignedRecord>): Generator<Buffer, void, undefined> {
  const list = Array.isArray(records) ? (records as readonly SignedRecord[]) : [...records];
  let ownerWidth = 1;
  let ttlWidth = 1;
  let typeWidth = 1;
  let previousName: string | undefined;
  for (const r of list) {
    if (r.name !== previousName) {
      previousName = r.name;
      ownerWidth = Math.max(ownerWidth, Math.min(40, relativeOwner(r.name, zone).length));
    }
    typeWidth = Math.max(typeWidth, typeName(r.type).length);
    ttlWidth = Math.max(ttlWidth, String(r.ttl).length);
  }
  const rrsig = new RrsigWriter();
  const typeColumns = new Map<number, string>();
  let text = `$ORIGIN ${fqdn(zone)}\n`;
  let owner = '';
  previousName = undefined;
  for (const r of list) {
    if (r.name !== previousName) {
      if (previousName !== undefined) text += '\n';
      previousName = r.name;
      owner = relativeOwner(r.name, zone).padEnd(ownerWidth);
    }
    let type = typeColumns.get(r.type);
    if (type === undefined) typeColumns.set(r.type, (type = typeName(r.type).padEnd(typeWidth)));
    const content = r.type === RRSIG_TYPE ? rrsig.write(r.rdata) : recordType(r.type).fromWire(r.rdata);
    text += `${owner} ${String(r.ttl).padStart(ttlWidth)} IN ${type} ${content}\n`;
    if (text.length >= 1 << 16) {
      yield Buffer.from(text);
      text = '';
    }
  }
  yield Buffer.from(text);
}

function relativeOwner(name: string, origin: string): string {
  if (name === origin) return '@';
  if (origin !== '' && isSubdomain(name, origin)) return name.slice(0, name.length - origin.length - 1);
  return fqdn(name);
}

/**
 * RRSIG rdata in the record model's presentation. The times and the signer repeat across a zone,
 * so their texts are made once; anything the shortcut does not expect goes through the codec.
 */
class RrsigWriter {
  private readonly times = new Map<number, string>();
  private readonly signers = new Map<string, string>();
  private readonly codec = recordType(RRSIG_TYPE);

  write(rdata: Uint8Array): string {
    if (rdata.length < 19) return this.codec.fromWire(rdata);
    const view = new DataView(rdata.buffer, rdata.byteOffset, rdata.byteLength);
    const { name, next } = readName(rdata, 18, rdata.length);
    let signer = this.signers.get(name);
    if (signer === undefined) this.signers.set(name, (signer = fqdn(name)));
    return (
      `${typeName(view.getUint16(0))} ${rdata[2]} ${rdata[3]} ${view.getUint32(4)} ${this.time(view.getUint32(8))} ` +
      `${this.time(view.getUint32(12))} ${view.getUint16(16)} ${signer} ${Buffer.from(rdata.buffer, rdata.byteOffset + next, rdata.length - next).toString('base64')}`
    );
  }

  private time(seconds: number): string {
    let text = this.times.get(seconds);
    if (text === undefined) this.times.set(seconds, (text = new Date(seconds * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14)));
    return text;
  }
}
