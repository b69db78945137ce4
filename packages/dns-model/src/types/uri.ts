import { ValidationError } from '../errors';
import { uint, type Field } from './fields';
import { defineType, fields } from './recordType';
import { quoteOctets, stringOctets } from './tokens';

/** The URI target: one quoted string that takes the rest of the rdata, without a length octet. */
const target: Field = {
  parse(c, out) {
    const token = c.next('the target URI');
    if (!token.quoted) throw new ValidationError('The URI target must be written in quotes');
    const bytes = stringOctets(token.text);
    if (bytes.length === 0) throw new ValidationError('The URI target must not be empty');
    out.put(bytes);
    return quoteOctets(bytes);
  },
  read(r) {
    return quoteOctets(r.take(r.remaining));
  },
};

/** URI (RFC 7553): priority, weight and the URI of a service. */
export const URI = defineType(256, 'URI', fields([uint(16, 'The URI priority'), uint(16, 'The URI weight'), target]));
