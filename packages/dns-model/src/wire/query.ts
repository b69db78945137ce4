import { labelsToName, MAX_NAME_OCTETS } from '../name';
import { EdnsOptionCode } from './constants';
import { RRType } from '../types/typeCodes';

/**
 * The parts of a query a server needs to answer it, read in place. One view is reused across
 * packets so the answer path allocates nothing but the query name string.
 */
export interface QueryView {
  id: number;
  /** The 16 flag bits as sent. */
  flags: number;
  opcode: number;
  qdcount: number;
  ancount: number;
  nscount: number;
  arcount: number;
  /** The query name as a platform name (lowercase, escaped); the original case stays in the packet. */
  qname: string;
  qtype: number;
  qclass: number;
  /** Offsets of the question name and of the end of the question in the packet. */
  qnameStart: number;
  questionEnd: number;
  edns: boolean;
  udpSize: number;
  ednsVersion: number;
  do: boolean;
  nsid: boolean;
  /** The COOKIE option's data (client cookie, maybe server cookie); -1 when absent. */
  cookieOffset: number;
  cookieLength: number;
}

export function createQueryView(): QueryView {
  return {
    id: 0,
    flags: 0,
    opcode: 0,
    qdcount: 0,
    ancount: 0,
    nscount: 0,
    arcount: 0,
    qname: '',
    qtype: 0,
    qclass: 0,
    qnameStart: 12,
    questionEnd: 12,
    edns: false,
    udpSize: 512,
    ednsVersion: 0,
    do: false,
    nsid: false,
    cookieOffset: -1,
    cookieLength: 0,
  };
}

/**
 * Fills `view` from a packet holding exactly one question and at most an OPT record, and returns
 * true. Returns false for anything else (no header, other sections, TSIG, malformed parts): the
 * caller then decodes the whole message with `decodeMessage`, which reports what is wrong.
 * Header fields are filled whenever the packet has 12 octets, so a FORMERR can echo the id.
 */
export function readQuery(bytes: Uint8Array, view: QueryView): boolean {
  if (!readQueryOctets(bytes, view)) return false;
  readQueryName(bytes, view);
  return true;
}

/**
 * `readQuery` without the query name's text (`view.qname` is left as it was): the name is checked
 * and its end found (`view.questionEnd - 4`), so a cache keyed by the question's octets can answer
 * without making a string. `readQueryName` adds the text when it is needed. The packet is the first
 * `n` octets of `bytes` (a receive buffer's slot, read in place without a view of its own).
 */
export function readQueryOctets(bytes: Uint8Array, view: QueryView, n = bytes.length): boolean {
  if (n < 12) return false;
  view.id = (bytes[0]! << 8) | bytes[1]!;
  view.flags = (bytes[2]! << 8) | bytes[3]!;
  view.opcode = (view.flags >> 11) & 0xf;
  view.qdcount = (bytes[4]! << 8) | bytes[5]!;
  view.ancount = (bytes[6]! << 8) | bytes[7]!;
  view.nscount = (bytes[8]! << 8) | bytes[9]!;
  view.arcount = (bytes[10]! << 8) | bytes[11]!;
  view.edns = false;
  view.udpSize = 512;
  view.ednsVersion = 0;
  view.do = false;
  view.nsid = false;
  view.cookieOffset = -1;
  view.cookieLength = 0;
  if (view.qdcount !== 1 || view.ancount !== 0 || view.nscount !== 0 || view.arcount > 1) return false;

  let pos = 12;
  for (;;) {
    if (pos >= n) return false;
    const len = bytes[pos]!;
    if (len === 0) break;
    if (len > 63) return false;
    pos += len + 1;
    if (pos > n) return false;
  }
  if (pos + 1 - 12 > MAX_NAME_OCTETS) return false;
  view.qnameStart = 12;
  pos++;
  if (pos + 4 > n) return false;
  view.qtype = (bytes[pos]! << 8) | bytes[pos + 1]!;
  view.qclass = (bytes[pos + 2]! << 8) | bytes[pos + 3]!;
  pos += 4;
  view.questionEnd = pos;
  if (view.arcount === 0) return pos === n;

  // The one additional record must be an OPT with the root as owner.
  if (pos + 11 > n || bytes[pos] !== 0) return false;
  if (((bytes[pos + 1]! << 8) | bytes[pos + 2]!) !== RRType.OPT) return false;
  view.edns = true;
  view.udpSize = (bytes[pos + 3]! << 8) | bytes[pos + 4]!;
  view.ednsVersion = bytes[pos + 6]!;
  view.do = (bytes[pos + 7]! & 0x80) !== 0;
  const rdlength = (bytes[pos + 9]! << 8) | bytes[pos + 10]!;
  pos += 11;
  const end = pos + rdlength;
  if (end !== n) return false;
  while (pos < end) {
    if (pos + 4 > end) return false;
    const code = (bytes[pos]! << 8) | bytes[pos + 1]!;
    const length = (bytes[pos + 2]! << 8) | bytes[pos + 3]!;
    pos += 4;
    if (pos + length > end) return false;
    if (code === EdnsOptionCode.NSID) view.nsid = true;
    else if (code === EdnsOptionCode.COOKIE) {
      view.cookieOffset = pos;
      view.cookieLength = length;
    }
    pos += length;
  }
  return true;
}

/**
 * The query name's characters, made into a string in one call: appended one at a time, the name
 * is a chain of string pieces that a map keyed by it must flatten before hashing it.
 */
const nameCodes: number[] = [];

/** Fills `view.qname` from a packet `readQueryOctets` accepted into `view`. */
export function readQueryName(bytes: Uint8Array, view: QueryView): void {
  const end = view.questionEnd - 5;
  let length = 0;
  let plain = true;
  for (let pos = view.qnameStart; pos < end;) {
    const len = bytes[pos]!;
    if (length !== 0) nameCodes[length++] = 0x2e;
    for (let i = pos + 1; i <= pos + len; i++) {
      let c = bytes[i]!;
      if (c >= 0x41 && c <= 0x5a) c += 0x20;
      else if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x5f || c === 0x2a)) {
        plain = false;
      }
      nameCodes[length++] = c;
    }
    pos += len + 1;
  }
  nameCodes.length = length;
  view.qname = plain ? String.fromCharCode.apply(null, nameCodes) : escapedName(bytes, view.qnameStart);
}

function escapedName(bytes: Uint8Array, start: number): string {
  const labels: string[] = [];
  let pos = start;
  while (bytes[pos]! !== 0) {
    const len = bytes[pos]!;
    let label = '';
    for (let i = pos + 1; i <= pos + len; i++) {
      const c = bytes[i]!;
      label += String.fromCharCode(c >= 0x41 && c <= 0x5a ? c + 0x20 : c);
    }
    labels.push(label);
    pos += len + 1;
  }
  return labelsToName(labels);
}
