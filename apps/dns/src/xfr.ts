import {
  decodeMessage,
  DnsClass,
  emptyMessage,
  encodeMessage,
  FormatError,
  Opcode,
  Rcode,
  RRType,
  serialCompare,
  soaSerial,
  type Message,
  type ResourceRecord,
} from '@kaja/dns-model';
import { createStreamSigner, signResponse, verifyMessage, type TsigVerification } from '@kaja/dns-model/tsig';
import { rrsigsByCoveredType } from './presigned/signatures';
import { canonicalAddress, noZoneChanges, type TransferAccess, type TransferSource } from './transferAccess';
import type { Zone, ZoneChange } from './zone';
import type { ZoneStore } from './zoneStore';

/** Records per message stop growing past this size (RFC 5936 allows up to 64 KiB; smaller streams better). */
const MESSAGE_TARGET = 16 * 1024;

type SignedZoneRecords = readonly { name: string; type: number; ttl: number; rdata: Uint8Array }[] | undefined;
export interface TransferOptions {
  access: TransferAccess;
  /** The change journal; without one every IXFR gets the whole zone. */
  source?: TransferSource;
  /**
   * The signed zone (RRSIG, NSEC/NSEC3 included), when the zone is signed: `ZoneSigning.signer(zone)
   * ?.signedRecords()`. A signed zone is always sent whole, since the journal holds no signatures.
   */
  signedRecords?: (zone: Zone) => SignedZoneRecords | Promise<SignedZoneRecords>;
}

/** Whether a packet is a query for AXFR or IXFR: those go to `TransferResponder`, over TCP only. */
export function isTransferQuery(packet: Uint8Array): boolean {
  if (packet.length < 17 || packet[2]! & 0x80 || ((packet[2]! >> 3) & 0xf) !== Opcode.QUERY || packet[4] !== 0 || packet[5] !== 1) return false;
  let pos = 12;
  while (pos < packet.length && packet[pos] !== 0) {
    if (packet[pos]! > 63) return false;
    pos += packet[pos]! + 1;
  }
  if (pos + 2 >= packet.length) return false;
  const type = (packet[pos + 1]! << 8) | packet[pos + 2]!;
  return type === RRType.AXFR || type === RRType.IXFR;
}

/**
 * Zone transfers (RFC 5936 AXFR, RFC 1995 IXFR) to those the `TransferAccess` allows: a zone's
 * secondaries sign with one of its transfer keys (RFC 8945) from their address; standalone rules
 * may allow a network with or without a key. Every message answering a signed request is signed.
 */
export class TransferResponder {
  private readonly source: TransferSource;

  constructor(
    private readonly zones: ZoneStore,
    private readonly options: TransferOptions,
  ) {
    this.source = options.source ?? noZoneChanges;
  }

  /**
   * The messages answering a transfer request from `address`, in order. Over UDP (`udp`) an
   * allowed IXFR gets our SOA alone, which tells a current client it is current and any other to
   * ask again over TCP (RFC 1995 section 2); AXFR over UDP is refused.
   */
  async answer(packet: Uint8Array, address: string, udp = false): Promise<Buffer[]> {
    let request: Message;
    try {
      request = decodeMessage(packet);
    } catch (error) {
      if (error instanceof FormatError) return [headerOnly(packet, Rcode.FORMERR)];
      throw error;
    }
    const question = request.questions[0]!;
    const zone = this.zones.get(question.name.toLowerCase());
    if (question.class !== DnsClass.IN || !zone || (udp && question.type !== RRType.IXFR)) return [Buffer.from(refusal(request, Rcode.REFUSED))];
    const keys = await this.options.access.keys(zone.name);
    const verified = verifyMessage(packet, (name) => keys.find((key) => key.name === name));
    if (verified.status === 'invalid') {
      const rcode = verified.error === Rcode.FORMERR ? Rcode.FORMERR : Rcode.NOTAUTH;
      return [Buffer.from(signResponse(refusal(request, rcode), verified))];
    }
    const keyName = verified.status === 'valid' ? verified.key.name : undefined;
    if (!(await this.options.access.allowed(zone.name, canonicalAddress(address), keyName))) {
      return [Buffer.from(signResponse(refusal(request, Rcode.REFUSED), verified))];
    }
    let records: ResourceRecord[];
    if (question.type === RRType.IXFR) {
      const clientSoa = request.authorities.find((r) => r.type === RRType.SOA);
      if (!clientSoa || clientSoa.rdata.length < 20) return [Buffer.from(signResponse(refusal(request, Rcode.FORMERR), verified))];
      const clientSerial = soaSerial(clientSoa.rdata);
      // A client as new as we are gets our SOA alone (RFC 1995 2); over UDP every client does.
      if (udp || serialCompare(clientSerial, zone.serial) >= 0) return stream(request, [soaRecord(zone)], verified);
    }
    const signed = await this.options.signedRecords?.(zone);
    if (signed) records = signedZoneRecords(zone, signed);
    else if (question.type === RRType.AXFR) records = zoneRecords(zone);
    else {
      const clientSerial = soaSerial(request.authorities.find((r) => r.type === RRType.SOA)!.rdata);
      const changes = await this.source.changesSince(zone.name, clientSerial);
      records = (changes && differenceSequences(zone, clientSerial, changes)) ?? zoneRecords(zone);
    }
    return stream(request, records, verified);
  }
}

/** The whole zone as AXFR sends it: the SOA first and last, names in canonical order between. */
export function zoneRecords(zone: Zone): ResourceRecord[] {
  const soa = soaRecord(zone);
  const out: ResourceRecord[] = [soa];
  // A presigned zone's NSEC3 records (and their RRSIGs) sit apart from its names; they go out too.
  const nodes = [...zone.canonicalNames().map((name) => zone.nodes.get(name)!), ...zone.hashed.values()];
  for (const node of nodes) {
    for (const stored of node.rrsets.values()) {
      if (stored.type === RRType.SOA || !transferable(stored.type)) continue;
      for (const rrset of stored.type === RRType.RRSIG ? rrsigsByCoveredType(node, stored) : [stored]) {
        for (const rdata of rrset.rdata) out.push({ name: rrset.name, type: rrset.type, class: DnsClass.IN, ttl: rrset.ttl, rdata });
      }
    }
  }
  out.push(soa);
  return out;
}

/** A signed zone as AXFR sends it: its SOA first and last, the signed records (the SOA's RRSIG too) between. */
function signedZoneRecords(zone: Zone, signed: readonly { name: string; type: number; ttl: number; rdata: Uint8Array }[]): ResourceRecord[] {
  const soa = soaRecord(zone);
  const out: ResourceRecord[] = [soa];
  for (const record of signed) if (record.type !== RRType.SOA) out.push({ ...record, class: DnsClass.IN });
  out.push(soa);
  return out;
}

/**
 * The IXFR answer from journal changes (RFC 1995 4): our SOA, then per change the old SOA, the
 * records removed, the new SOA, the records added, and our SOA again. Undefined when the changes
 * do not lead exactly from the client's serial to ours (the journal is behind or ahead of memory).
 */
export function differenceSequences(zone: Zone, fromSerial: number, changes: ZoneChange[]): ResourceRecord[] | undefined {
  let serial = fromSerial;
  const soa = soaRecord(zone);
  const out: ResourceRecord[] = [soa];
  for (const change of changes) {
    if (change.previousSerial !== serial) return undefined;
    const oldSoa = change.removed.filter((r) => r.type === RRType.SOA);
    const newSoa = change.added.filter((r) => r.type === RRType.SOA);
    if (oldSoa.length !== 1 || newSoa.length !== 1) return undefined;
    out.push(oldSoa[0]!, ...change.removed.filter((r) => r.type !== RRType.SOA && transferable(r.type)));
    out.push(newSoa[0]!, ...change.added.filter((r) => r.type !== RRType.SOA && transferable(r.type)));
    serial = change.serial;
  }
  if (serial !== zone.serial) return undefined;
  out.push(soa);
  return out;
}

/** ALIAS is ours alone (a private-use type resolved when answering); a secondary cannot serve it. */
const transferable = (type: number) => type !== RRType.ALIAS;

function soaRecord(zone: Zone): ResourceRecord {
  const soa = zone.soa;
  return { name: zone.name, type: RRType.SOA, class: DnsClass.IN, ttl: soa.ttl, rdata: soa.rdata[0]! };
}

/** The records in messages of about MESSAGE_TARGET octets, the question in the first, each signed when the request was. */
function stream(request: Message, records: ResourceRecord[], verified: TsigVerification & { status: 'valid' | 'unsigned' }): Buffer[] {
  const sign = verified.status === 'valid' ? createStreamSigner(verified.key, verified.record.mac) : (wire: Uint8Array) => wire;
  const messages: Buffer[] = [];
  let chunk: ResourceRecord[] = [];
  let size = 0;
  const flush = () => {
    const message = emptyMessage({
      id: request.id,
      qr: true,
      aa: true,
      rd: request.rd,
      questions: messages.length === 0 ? request.questions : [],
      answers: chunk,
    });
    messages.push(Buffer.from(sign(encodeMessage(message))));
    chunk = [];
    size = 0;
  };
  for (const record of records) {
    const estimate = record.name.length + 12 + record.rdata.length;
    if (chunk.length > 0 && size + estimate > MESSAGE_TARGET) flush();
    chunk.push(record);
    size += estimate;
  }
  flush();
  return messages;
}

function refusal(request: Message, rcode: number): Uint8Array {
  return encodeMessage(emptyMessage({ id: request.id, qr: true, opcode: request.opcode, rd: request.rd, rcode, questions: request.questions }));
}

function headerOnly(packet: Uint8Array, rcode: number): Buffer {
  const out = Buffer.alloc(12);
  out[0] = packet[0]!;
  out[1] = packet[1]!;
  out[2] = 0x80 | (packet[2]! & 0x79);
  out[3] = rcode;
  return out;
}
