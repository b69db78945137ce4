import { EdnsOptionCode, type Edns, type QueryView } from '@kaja/dns-model';

/**
 * The UDP payload size we advertise and the most we send over UDP: 1232 octets fit an IPv6
 * packet on any link without fragmentation (DNS Flag Day 2020).
 */
export const UDP_PAYLOAD = 1232;
const CLASSIC_UDP = 512;

/** How large a UDP response to this query may be (RFC 6891 6.2.5; 512 without EDNS). */
export function udpLimit(query: QueryView): number {
  if (!query.edns) return CLASSIC_UDP;
  return Math.min(Math.max(query.udpSize, CLASSIC_UDP), UDP_PAYLOAD);
}

/**
 * The OPT record of a response to an EDNS query: our payload size, version 0, the DO bit echoed
 * (RFC 3225), and the node's name when the query asked for NSID (RFC 5001).
 */
export function responseEdns(query: QueryView, nsid: Uint8Array): Edns | undefined {
  if (!query.edns) return undefined;
  return {
    udpSize: UDP_PAYLOAD,
    version: 0,
    do: query.do,
    flags: 0,
    options: query.nsid ? [{ code: EdnsOptionCode.NSID, data: nsid }] : [],
  };
}
