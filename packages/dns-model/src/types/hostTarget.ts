import { ValidationError } from '../errors';
import { isIpv4 } from './address';
import { name, type Field } from './fields';

/**
 * A name that must be a host (MX exchange, NS, SRV and ALIAS targets...): an address typed in its
 * place is the most common mistake, so it gets its own message.
 */
export function hostName(what: string, record: string): Field {
  const field = name(what, { hostname: true });
  return {
    parse(c, out) {
      const token = c.tokens[c.index];
      if (token && (isIpv4(token.text.replace(/\.$/, '')) || token.text.includes(':'))) {
        throw new ValidationError(`${record} must point to a host name, not an IP address`);
      }
      return field.parse(c, out);
    },
    read: (...args) => field.read(...args),
  };
}
