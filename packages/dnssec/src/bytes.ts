export function concat(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const p of parts) size += p.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** The type bitmap of NSEC and NSEC3 rdata (RFC 4034 4.1.2) for types in ascending order. */
export function typeBitmap(types: readonly number[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let i = 0;
  while (i < types.length) {
    const window = types[i]! >> 8;
    const bits = new Uint8Array(34);
    let used = 0;
    while (i < types.length && types[i]! >> 8 === window) {
      const low = types[i]! & 0xff;
      bits[2 + (low >> 3)]! |= 0x80 >> (low & 7);
      used = (low >> 3) + 1;
      i++;
    }
    bits[0] = window;
    bits[1] = used;
    parts.push(bits.subarray(0, 2 + used));
  }
  return concat(parts);
}
