/** The serial of an SOA's uncompressed rdata: the first of its five numbers, 20 octets from the end. */
export function soaSerial(rdata: Uint8Array): number {
  return new DataView(rdata.buffer, rdata.byteOffset + rdata.length - 20, 4).getUint32(0);
}

/** RFC 1982 serial number arithmetic: below 0 when `a` is older than `b`, 0 when equal, above 0 when newer. */
export function serialCompare(a: number, b: number): number {
  if (a === b) return 0;
  return (a - b) >>> 0 < 0x80000000 ? 1 : -1;
}
