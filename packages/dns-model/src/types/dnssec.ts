import { ValidationError } from '../errors';
import { base64Rest, hashedName, name, rrtype, salt, signatureTime, typeBitmap, uint } from './fields';
import { defineType, fields } from './recordType';

const keyFields = (mnemonic: string) =>
  fields([uint(16, 'The flags'), uint(8, 'The protocol'), uint(8, 'The algorithm'), base64Rest('the public key')], ([, protocol]) => {
    if (protocol !== '3') throw new ValidationError(`${mnemonic} protocol must be 3`);
  });

/** DNSKEY (RFC 4034): flags, protocol 3, algorithm, public key. */
export const DNSKEY = defineType(48, 'DNSKEY', keyFields('DNSKEY'));

/** CDNSKEY (RFC 7344): the DNSKEY a child asks its parent to make a DS of. */
export const CDNSKEY = defineType(60, 'CDNSKEY', keyFields('CDNSKEY'));

/** RRSIG (RFC 4034): the signature over one RRset. */
export const RRSIG = defineType(
  46,
  'RRSIG',
  fields([
    rrtype,
    uint(8, 'The algorithm'),
    uint(8, 'The labels'),
    uint(32, 'The original TTL'),
    signatureTime('The signature expiration'),
    signatureTime('The signature inception'),
    uint(16, 'The key tag'),
    name("the signer's name"),
    base64Rest('the signature'),
  ]),
);

/** NSEC (RFC 4034): the next owner name in the zone and the types at this one. */
export const NSEC = defineType(47, 'NSEC', fields([name('the next domain name', { wildcard: true }), typeBitmap]));

/** NSEC3 (RFC 5155): hashed denial of existence. */
export const NSEC3 = defineType(
  50,
  'NSEC3',
  fields([uint(8, 'The hash algorithm'), uint(8, 'The flags'), uint(16, 'The iterations'), salt, hashedName, typeBitmap]),
);

/** NSEC3PARAM (RFC 5155): the parameters the zone's NSEC3 chain uses. */
export const NSEC3PARAM = defineType(51, 'NSEC3PARAM', fields([uint(8, 'The hash algorithm'), uint(8, 'The flags'), uint(16, 'The iterations'), salt]));
