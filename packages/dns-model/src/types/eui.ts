import { ValidationError } from '../errors';
import type { Field } from './fields';
import { defineType, fields } from './recordType';

/** An EUI of `octets` octets written as hex pairs joined by hyphens (RFC 7043 section 3.2). */
const eui = (octets: 6 | 8): Field => ({
  parse(c, out) {
    const text = c.word(`an EUI-${octets * 8} address`);
    const pattern = new RegExp(`^[0-9a-fA-F]{2}(-[0-9a-fA-F]{2}){${octets - 1}}$`);
    if (!pattern.test(text)) {
      throw new ValidationError(`"${text}" is not an EUI-${octets * 8} address (${octets} hex pairs joined by hyphens)`);
    }
    for (const pair of text.split('-')) out.u8(parseInt(pair, 16));
    return text.toLowerCase();
  },
  read(r) {
    return [...r.take(octets)].map((b) => b.toString(16).padStart(2, '0')).join('-');
  },
});

/** EUI48 (RFC 7043): a 48-bit extended unique identifier (a MAC address). */
export const EUI48 = defineType(108, 'EUI48', fields([eui(6)]));

/** EUI64 (RFC 7043): a 64-bit extended unique identifier. */
export const EUI64 = defineType(109, 'EUI64', fields([eui(8)]));
