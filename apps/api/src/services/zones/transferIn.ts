import { DnsExchangeError, exchangeOverTcp } from '../dns/dnsExchange';
import { createStreamVerifier, signMessage, type StreamVerifier, type TsigKey } from '@kaja/dns-model/tsig';
import {
  decodeMessage,
  DnsClass,
  emptyMessage,
  encodeMessage,
  Opcode,
  Rcode,
  rcodeName,
  recordType,
  serialCompare,
  soaSerial,
  typeName,
  type ResourceRecord,
} from '@kaja/dns-model';
import type { ZoneChangeRecord } from '@kaja/db';

/** Where a secondary zone is transferred from. */
export interface PrimaryServer {
  address: string;
  port: number;
  key?: TsigKey;
}

/** A record as the zone's rows keep it (canonical presentation content). */
export type TransferredRecord = ZoneChangeRecord;

/**
 * What a primary answered: `current` when the zone there has the serial we hold (IXFR with a
 * lone SOA), else the whole zone as it is now (after an AXFR, or an IXFR's difference sequences
 * applied to the records we hold).
 */
export type TransferResult = { kind: 'current'; serial: number } | { kind: 'zone'; serial: number; records: TransferredRecord[]; incremental: boolean };

const SOA = 6;
const IXFR = 251;
const AXFR = 252;

/** Why a transfer failed, worded for the customer (shown on the zone). */
export class TransferError extends DnsExchangeError {}

/**
 * Transfers `zone` from `primary` over TCP (RFC 5936, RFC 1995): IXFR from the serial of
 * `current` when we hold the zone, else AXFR; TSIG-signed (RFC 8945) when the primary has a key,
 * every message of the answer checked. The whole answer is read before anything is returned, so a
 * transfer cut short changes nothing.
 */
export async function transferIn(
  zone: string,
  primary: PrimaryServer,
  current?: { serial: number; records: TransferredRecord[] },
  options: { timeoutMs?: number } = {},
): Promise<TransferResult> {
  const soa = current?.records.find((r) => r.type === 'SOA' && r.name === zone);
  const query = emptyMessage({ id: Math.floor(Math.random() * 0x10000), opcode: Opcode.QUERY });
  query.questions.push({ name: zone, type: soa ? IXFR : AXFR, class: DnsClass.IN });
  if (soa) query.authorities.push({ name: zone, type: SOA, class: DnsClass.IN, ttl: soa.ttl, rdata: recordType('SOA').toWire(soa.content) });
  let wire = encodeMessage(query);
  let verifier: StreamVerifier | undefined;
  if (primary.key) {
    const signed = signMessage(wire, primary.key);
    wire = signed.wire;
    verifier = createStreamVerifier(primary.key, signed.mac);
  }
  const where = `${primary.address} port ${primary.port}`;
  const records: ResourceRecord[] = [];
  const reader = new StreamReader(zone, soa ? current!.serial : undefined);
  await exchangeOverTcp(primary, wire, options.timeoutMs ?? 30_000, where, (message) => {
    if (verifier) {
      const verified = verifier.verify(message);
      if (verified.status === 'invalid') throw new TransferError(`${where}: the answer's TSIG signature is not valid (rcode ${verified.error})`);
    }
    const decoded = decodeMessage(message);
    if (decoded.id !== query.id) throw new TransferError(`${where}: an answer to another query`);
    if (decoded.rcode !== Rcode.NOERROR) throw new TransferError(`${where} refused the transfer (${rcodeName(decoded.rcode)})`);
    for (const record of decoded.answers) {
      records.push(record);
      if (reader.add(record)) return true;
    }
    return false;
  });
  if (verifier && !verifier.complete) throw new TransferError(`${where}: the last message of the transfer is not signed`);
  const serial = soaSerial(records[0]!.rdata);
  if (reader.style === 'current') return { kind: 'current', serial };
  if (reader.style === 'axfr') return { kind: 'zone', serial, records: records.slice(0, -1).map(presentation), incremental: false };
  let merged: TransferredRecord[];
  try {
    merged = applyDifferences(current!.records, records.slice(1, -1).map(presentation));
  } catch (error) {
    // RFC 1995 4: differences that do not fit what we hold are not applied; the whole zone is asked for.
    if (error instanceof TransferError) return transferIn(zone, primary, undefined, options);
    throw error;
  }
  if (soaOf(merged) !== serial) return transferIn(zone, primary, undefined, options);
  return { kind: 'zone', serial, records: merged, incremental: true };
}

/**
 * Follows the records of a transfer answer to tell when it ends: an AXFR at its second SOA, an
 * IXFR at the SOA of the new serial closing its last difference sequence, or at once when it is a
 * lone SOA (nothing newer than ours).
 */
class StreamReader {
  style: 'axfr' | 'ixfr' | 'current' | undefined;
  private count = 0;
  private serial = 0;
  private phase: 'removed' | 'added' = 'removed';
  private newSerial = -1;

  constructor(
    private readonly zone: string,
    private readonly ours: number | undefined,
  ) {}

  /** Takes the next record; true when it was the last. */
  add(record: ResourceRecord): boolean {
    const isSoa = record.type === SOA && record.name.toLowerCase() === this.zone;
    this.count++;
    if (this.count === 1) {
      if (!isSoa) throw new TransferError("the transfer does not start with the zone's SOA");
      this.serial = soaSerial(record.rdata);
      // A lone SOA no newer than ours: the zone is current (RFC 1995 4).
      if (this.ours !== undefined && serialCompare(this.serial, this.ours) <= 0) {
        this.style = 'current';
        return true;
      }
      return false;
    }
    if (this.count === 2) {
      this.style = isSoa && this.ours !== undefined && soaSerial(record.rdata) === this.ours && this.serial !== this.ours ? 'ixfr' : 'axfr';
      if (this.style === 'axfr') return isSoa;
      return false;
    }
    if (!isSoa) return false;
    if (this.style === 'axfr') return true;
    const serial = soaSerial(record.rdata);
    if (this.phase === 'removed') {
      this.phase = 'added';
      this.newSerial = serial;
      return false;
    }
    if (this.newSerial === this.serial && serial === this.serial) return true;
    this.phase = 'removed';
    return false;
  }
}

/**
 * The records held with an IXFR's difference sequences applied (RFC 1995 4: each sequence is the
 * old SOA, the records removed, the new SOA, the records added). A sequence that does not start at
 * the serial reached so far, or removes a record not held, means the primary's history is not ours:
 * a TransferError, and the caller transfers the whole zone instead.
 */
export function applyDifferences(held: TransferredRecord[], sequence: TransferredRecord[]): TransferredRecord[] {
  const key = (r: TransferredRecord) => `${r.name}\u0000${r.type}\u0000${r.content}`;
  const records = new Map(held.map((r) => [key(r), r]));
  let serial = soaOf(held);
  // Before the first SOA nothing is open; the old SOA opens the records removed, the new SOA the records added.
  let phase: 'start' | 'removing' | 'adding' = 'start';
  for (const record of sequence) {
    if (record.type === 'SOA') {
      const at = soaSerialOf(record);
      if (phase === 'removing') {
        for (const k of [...records.keys()]) if (records.get(k)!.type === 'SOA') records.delete(k);
        records.set(key(record), record);
        serial = at;
        phase = 'adding';
      } else {
        if (at !== serial) throw new TransferError(`a difference starts at serial ${at}, the zone held is at ${serial}`);
        phase = 'removing';
      }
      continue;
    }
    if (phase === 'adding') records.set(key(record), record);
    else if (phase === 'start' || !records.delete(key(record)))
      throw new TransferError(`a difference removes ${record.name} ${record.type} ${record.content}, which the zone held does not have`);
  }
  return [...records.values()];
}

function soaOf(records: TransferredRecord[]): number {
  const soa = records.find((r) => r.type === 'SOA');
  if (!soa) throw new TransferError('the zone held has no SOA');
  return soaSerialOf(soa);
}

function soaSerialOf(record: TransferredRecord): number {
  return Number(record.content.trim().split(/\s+/)[2]);
}

function presentation(record: ResourceRecord): TransferredRecord {
  return { name: record.name.toLowerCase(), type: typeName(record.type), ttl: record.ttl, content: recordType(record.type).fromWire(record.rdata) };
}
