import { ValidationError } from '../errors';
import { parseName } from '../name';
import type { WireReader } from '../wire/buffer';
import type { Cursor, RdataBuilder } from './fields';
import { defineType } from './recordType';
import { parseUint, quoteOctets, stringOctets } from './tokens';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** CAA (RFC 8659): `flags tag "value"` for the tags issue, issuewild, iodef and issuemail (RFC 9495). */
export const CAA = defineType(257, 'CAA', {
  encode(c: Cursor, out: RdataBuilder) {
    const flags = parseUint(c.word('flags'), 255, 'The CAA flags');
    if (flags !== 0 && flags !== 128) throw new ValidationError('The CAA flags must be 0 or 128 (critical)');
    const tag = c.word('a tag').toLowerCase();
    const value = stringOctets(c.next('a value').text);
    checkValue(tag, decoder.decode(value));
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

function checkValue(tag: string, value: string): void {
  switch (tag) {
    case 'issue':
    case 'issuewild':
    case 'issuemail':
      return checkIssuer(tag, value);
    case 'iodef':
      return checkIodef(value);
    default:
      throw new ValidationError(`CAA tag must be issue, issuewild, iodef or issuemail, not "${tag}"`);
  }
}

/** `[domain] [; key=value]*`: an empty domain (or ";") forbids issuing. */
function checkIssuer(tag: string, value: string): void {
  const [domain, ...parameters] = value.split(';');
  const issuer = domain!.trim();
  if (issuer !== '') {
    try {
      parseName(issuer, '', { hostname: true, wildcard: false });
    } catch {
      throw new ValidationError(`CAA ${tag} value must start with the domain of a certificate authority, not "${issuer}"`);
    }
    if (!issuer.includes('.')) throw new ValidationError(`CAA ${tag} value "${issuer}" is not a domain name`);
  }
  for (const parameter of parameters) {
    const p = parameter.trim();
    if (p === '' && parameters.length === 1 && issuer === '') continue;
    if (!/^[a-zA-Z0-9]+=[\x21-\x3a\x3c-\x7e]*$/.test(p)) {
      throw new ValidationError(`CAA ${tag} parameter "${p}" must look like key=value`);
    }
  }
}

function checkIodef(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ValidationError('CAA iodef value must be a mailto:, http: or https: URL');
  }
  if (!['mailto:', 'http:', 'https:'].includes(url.protocol)) {
    throw new ValidationError('CAA iodef value must be a mailto:, http: or https: URL');
  }
}
