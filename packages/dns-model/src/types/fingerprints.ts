import { hexRest, uint } from './fields';
import { defineType, fields } from './recordType';

const associationFields = () =>
  fields([uint(8, 'The usage'), uint(8, 'The selector'), uint(8, 'The matching type'), hexRest('the certificate association data')]);

/** TLSA (RFC 6698): usage, selector, matching type, and the certificate data or its hash. */
export const TLSA = defineType(52, 'TLSA', associationFields());

/** SMIMEA (RFC 8162): TLSA's fields for the certificate of an S/MIME mailbox. */
export const SMIMEA = defineType(53, 'SMIMEA', associationFields());

/** SSHFP (RFC 4255, 6594, 7479, 8709): algorithm, fingerprint type, fingerprint. */
export const SSHFP = defineType(44, 'SSHFP', fields([uint(8, 'The SSHFP algorithm'), uint(8, 'The SSHFP fingerprint type'), hexRest('the fingerprint')]));
