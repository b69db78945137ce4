import { hexRest, uint } from './fields';
import { defineType, fields } from './recordType';

const dsFields = () => fields([uint(16, 'The key tag'), uint(8, 'The algorithm'), uint(8, 'The digest type'), hexRest('the digest')]);

/** DS (RFC 4034): the parent's pointer to a child zone's key. */
export const DS = defineType(43, 'DS', dsFields());

/** CDS (RFC 7344): the DS a child asks its parent to publish. */
export const CDS = defineType(59, 'CDS', dsFields());

/** TA (IANA): a DNSSEC trust anchor in DS form. */
export const TA = defineType(32768, 'TA', dsFields());

/** DLV (RFC 4431): a DS published in a lookaside zone. */
export const DLV = defineType(32769, 'DLV', dsFields());
