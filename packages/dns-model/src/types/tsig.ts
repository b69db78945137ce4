import { ValidationError } from '../errors';
import type { WireReader } from '../wire/buffer';
import { fromBase64, toBase64 } from './encoding';
import { name, uint, type Field } from './fields';
import { defineType, fields } from './recordType';
import { parseUint } from './tokens';

/** Seconds since the epoch in 48 bits. */
const timeSigned: Field = {
  parse(c, out) {
    const v = parseUint(c.word('the time signed'), 2 ** 48 - 1, 'The time signed');
    out.u16(Math.floor(v / 2 ** 32));
    out.u32(v % 2 ** 32);
    return String(v);
  },
  read(r: WireReader) {
    return String(r.u16() * 2 ** 32 + r.u32());
  },
};

/** A 16-bit length and that many octets, written `length base64` (just `0` when empty). */
const sizedData = (what: string): Field => ({
  parse(c, out) {
    const size = parseUint(c.word(`the ${what} size`), 0xffff, `The ${what} size`);
    const bytes = size === 0 ? new Uint8Array() : fromBase64(c.word(`the ${what}`), `The ${what}`);
    if (bytes.length !== size) throw new ValidationError(`The ${what} is ${bytes.length} octets, not ${size}`);
    out.u16(size);
    out.put(bytes);
    return size === 0 ? '0' : `${size} ${toBase64(bytes)}`;
  },
  read(r: WireReader) {
    const size = r.u16();
    return size === 0 ? '0' : `${size} ${toBase64(r.take(size))}`;
  },
});

/** TSIG (RFC 8945): a transaction signature, only ever in messages, never in zones. */
export const TSIG = defineType(
  250,
  'TSIG',
  fields([
    name('the algorithm'),
    timeSigned,
    uint(16, 'The fudge'),
    sizedData('MAC'),
    uint(16, 'The original ID'),
    uint(16, 'The error'),
    sizedData('other data'),
  ]),
);
