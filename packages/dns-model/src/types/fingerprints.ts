import { ValidationError } from '../errors';
import { hexRest, uint } from './fields';
import { defineType, fields } from './recordType';

const range = (what: string, allowed: number[], names: string) => (v: number) =>
  allowed.includes(v) ? undefined : `${what} must be ${names}`;

const tlsaLengths: Record<string, number> = { '1': 32, '2': 64 };

/** TLSA (RFC 6698): usage, selector, matching type, and the certificate data or its hash. */
export const TLSA = defineType(
  52,
  'TLSA',
  fields(
    [
      uint(8, 'The TLSA usage', range('The TLSA usage', [0, 1, 2, 3], '0-3')),
      uint(8, 'The TLSA selector', range('The TLSA selector', [0, 1], '0 or 1')),
      uint(8, 'The TLSA matching type', range('The TLSA matching type', [0, 1, 2], '0, 1 or 2')),
      hexRest('the certificate association data'),
    ],
    ([, , matching, data]) => {
      const want = tlsaLengths[matching!];
      if (want && data!.length !== want * 2) {
        throw new ValidationError(`TLSA matching type ${matching} needs ${want * 2} hex digits, not ${data!.length}`);
      }
    },
  ),
);

const sshfpLengths: Record<string, number> = { '1': 20, '2': 32 };

/** SSHFP (RFC 4255, 6594, 7479, 8709): algorithm, fingerprint type, fingerprint. */
export const SSHFP = defineType(
  44,
  'SSHFP',
  fields(
    [
      uint(8, 'The SSHFP algorithm', range('The SSHFP algorithm', [1, 2, 3, 4, 6], '1 (RSA), 2 (DSA), 3 (ECDSA), 4 (Ed25519) or 6 (Ed448)')),
      uint(8, 'The SSHFP fingerprint type', range('The SSHFP fingerprint type', [1, 2], '1 (SHA-1) or 2 (SHA-256)')),
      hexRest('the fingerprint'),
    ],
    ([, type, data]) => {
      const want = sshfpLengths[type!]!;
      if (data!.length !== want * 2) {
        throw new ValidationError(`SSHFP fingerprint type ${type} needs ${want * 2} hex digits, not ${data!.length}`);
      }
    },
  ),
);
