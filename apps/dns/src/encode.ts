import { DnsClass, emptyMessage, encodeMessageView, type Edns, type QueryView, type ResourceRecord } from '@kaja/dns-model';
import type { Answer } from './answer';
import type { Rrset } from './zone';

/**
 * The response to `query` in wire form, at most `maxSize` octets (whole RRsets left out and TC
 * set when it does not fit). The question is written lowercase with RD and CD clear: `personalise`
 * fills in what belongs to each query, so one encoding serves every query for the same name.
 * Copied once out of the encoder's scratch buffer into memory of its own, not into node's shared
 * `Buffer` pool: answers are kept in the answer cache, and a cached answer in a pool would keep
 * the whole 8 KB pool alive, so a client asking for new names while keeping one in fifty of them
 * popular could make the cache's 200,000 answers hold 1.6 GB.
 */
export function encodeAnswer(query: QueryView, answer: Answer, edns: Edns | undefined, maxSize: number): Buffer {
  const written = encodeAnswerView(query, answer, edns, maxSize);
  const out = Buffer.allocUnsafeSlow(written.length);
  out.set(written);
  return out;
}

/**
 * `encodeAnswer` without the copy: a view of the encoder's scratch buffer, good until the next
 * message is encoded, for an answer that is sent and not kept (memory of its own for each costs
 * more than encoding a small answer).
 */
export function encodeAnswerView(query: QueryView, answer: Answer, edns: Edns | undefined, maxSize: number): Uint8Array {
  const message = emptyMessage({
    qr: true,
    opcode: query.opcode,
    aa: answer.aa,
    rcode: answer.rcode,
    questions: query.questionEnd > query.qnameStart ? [{ name: query.qname, type: query.qtype, class: query.qclass }] : [],
    answers: records(answer.answer),
    authorities: records(answer.authority),
    additionals: records(answer.additional),
    edns,
  });
  return encodeMessageView(message, { maxSize });
}

function records(rrsets: Rrset[]): ResourceRecord[] {
  const out: ResourceRecord[] = [];
  for (const rrset of rrsets) {
    for (const rdata of rrset.rdata) {
      out.push({ name: rrset.name, type: rrset.type, class: rrset.class ?? DnsClass.IN, ttl: rrset.ttl, rdata });
    }
  }
  return out;
}

/**
 * A copy of an encoded response made this query's own: its ID, its RD and CD bits, and the
 * question name in the letter case it was asked in (0x20 echo). The response's question sits
 * at the same offsets as the query's, and names compressed against it follow its case.
 */
export function personalise(wire: Uint8Array, packet: Uint8Array, query: QueryView): Buffer {
  const out = Buffer.allocUnsafe(wire.length);
  personaliseInto(wire, packet, query, out, 0);
  return out;
}

/** `personalise` written into `out` at `offset`, for senders with a buffer of their own. */
export function personaliseInto(wire: Uint8Array, packet: Uint8Array, query: QueryView, out: Uint8Array, offset: number): void {
  out.set(wire, offset);
  out[offset] = packet[0]!;
  out[offset + 1] = packet[1]!;
  out[offset + 2] = wire[2]! | (packet[2]! & 0x01);
  out[offset + 3] = wire[3]! | (packet[3]! & 0x10);
  // A loop: for a name of a few dozen octets it is cheaper than a subarray view.
  const end = query.questionEnd - 4;
  for (let i = query.qnameStart; i < end; i++) out[offset + i] = packet[i]!;
}

/**
 * The truncated form of an encoded answer, written into `out` at `offset`: its header with TC set
 * and the query's own question, nothing else (a rate-limited answer that sends the client to TCP).
 * Returns its length.
 */
export function truncatedInto(wire: Uint8Array, packet: Uint8Array, query: QueryView, out: Uint8Array, offset: number): number {
  out[offset] = packet[0]!;
  out[offset + 1] = packet[1]!;
  out[offset + 2] = wire[2]! | 0x02 | (packet[2]! & 0x01);
  out[offset + 3] = wire[3]! | (packet[3]! & 0x10);
  out.fill(0, offset + 4, offset + 12);
  out[offset + 5] = 1;
  for (let i = 12; i < query.questionEnd; i++) out[offset + i] = packet[i]!;
  return query.questionEnd;
}
