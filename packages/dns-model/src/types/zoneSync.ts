import { hexRest, typeBitmap, uint } from './fields';
import { defineType, fields } from './recordType';

/** CSYNC (RFC 7477): the SOA serial, flags, and the types the parent should copy from the child. */
export const CSYNC = defineType(62, 'CSYNC', fields([uint(32, 'The SOA serial'), uint(16, 'The flags'), typeBitmap]));

/** ZONEMD (RFC 8976): the digest of the zone at a serial, with its scheme and hash algorithm. */
export const ZONEMD = defineType(63, 'ZONEMD', fields([uint(32, 'The serial'), uint(8, 'The scheme'), uint(8, 'The hash algorithm'), hexRest('the digest')]));
