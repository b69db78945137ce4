import { ValidationError } from '../errors';
import type { WireReader } from '../wire/buffer';
import type { Cursor, RdataBuilder } from './fields';
import { defineType } from './recordType';
import { parseUint, quoteOctets, stringOctets } from './tokens';

const encoder = new TextEncoder();

/**
 * CAA (RFC 8659): `flags tag "value"`. The tag is kept in lowercase (tags are case-insensitive);
 * which tags and values make sense is a rule of what customers write (rules/caaProperties).
 */
export const CAA = defineType(257, 'CAA', {
  encode(c: Cursor, out: RdataBuilder) {
    const flags = parseUint(c.word('flags'), 255, 'The CAA flags');
    const tag = c.word('a tag').toLowerCase();
    if (!/^[a-z0-9]{1,15}$/.test(tag)) throw new ValidationError(`The CAA tag must be 1 to 15 letters and digits, not "${tag}"`);
    const value = stringOctets(c.next('a value').text);
    out.u8(flags);
    out.u8(tag.length);
    out.put(encoder.encode(tag));
    out.put(value);
    return `${flags} ${tag} ${quoteOctets(value)}`;
  },
  decode(r: WireReader) {
    const flags = r.u8();
    const tagBytes = r.take(r.u8());
    const tag = String.fromCharCode(...tagBytes);
    if (!/^[a-zA-Z0-9]{1,15}$/.test(tag)) throw new ValidationError('CAA tag is not alphanumeric');
    return `${flags} ${tag.toLowerCase()} ${quoteOctets(r.take(r.remaining))}`;
  },
});
