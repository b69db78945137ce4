import { ValidationError } from '../errors';
import { ipv4, uint, type Field } from './fields';
import { defineType, fields } from './recordType';

/** A 64-bit node identifier or locator, written as four groups of four hex digits (RFC 6742 section 2.1). */
const identifier64: Field = {
  parse(c, out) {
    const text = c.word('a 64-bit identifier');
    if (!/^[0-9a-fA-F]{1,4}(:[0-9a-fA-F]{1,4}){3}$/.test(text)) {
      throw new ValidationError(`"${text}" is not a 64-bit identifier (four groups of hex digits joined by colons)`);
    }
    const groups = text.split(':').map((g) => parseInt(g, 16));
    for (const g of groups) out.u16(g);
    return groups.map((g) => g.toString(16).padStart(4, '0')).join(':');
  },
  read(r) {
    return [r.u16(), r.u16(), r.u16(), r.u16()].map((g) => g.toString(16).padStart(4, '0')).join(':');
  },
};

/** NID (RFC 6742): an ILNP node identifier, with its preference. */
export const NID = defineType(104, 'NID', fields([uint(16, 'The NID preference'), identifier64]));

/** L32 (RFC 6742): a 32-bit ILNP locator (written as an IPv4 address), with its preference. */
export const L32 = defineType(105, 'L32', fields([uint(16, 'The L32 preference'), ipv4]));

/** L64 (RFC 6742): a 64-bit ILNP locator, with its preference. */
export const L64 = defineType(106, 'L64', fields([uint(16, 'The L64 preference'), identifier64]));
