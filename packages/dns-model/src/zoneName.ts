import { parse } from 'tldts';
import { ValidationError } from './errors';
import { parseName } from './name';

/**
 * A name customers may host as a zone: a valid host name strictly below a public suffix of the
 * Public Suffix List (ICANN and private sections), so `com`, `co.uk` or `github.io` cannot be
 * taken, and names under a top-level domain that does not exist are refused.
 */
export function parseZoneName(text: string): string {
  const input = text.trim();
  if (input === '') throw new ValidationError('Zone name is required');
  const name = parseName(input.endsWith('.') ? input : input + '.', '', { hostname: true, wildcard: false });
  if (name === '') throw new ValidationError('The root cannot be hosted as a zone');
  const result = parse(name, { allowPrivateDomains: true, extractHostname: false, validateHostname: false, detectIp: false });
  if (!result.isIcann && !result.isPrivate) {
    throw new ValidationError(`${name} is not under a known top-level domain`);
  }
  if (result.publicSuffix === name || result.domain === null) {
    throw new ValidationError(`${name} is a public suffix: host a domain registered under it instead`);
  }
  return name;
}
