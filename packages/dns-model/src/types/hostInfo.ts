import { characterString, optional } from './fields';
import { defineType, fields } from './recordType';

/** HINFO (RFC 1035, 8482): the CPU and the operating system of a host. */
export const HINFO = defineType(13, 'HINFO', fields([characterString('the CPU'), characterString('the operating system')]));

/** X25 (RFC 1183): a PSDN address (X.121). */
export const X25 = defineType(19, 'X25', fields([characterString('the PSDN address')]));

/** ISDN (RFC 1183): an ISDN number and, optionally, a subaddress. */
export const ISDN = defineType(20, 'ISDN', fields([characterString('the ISDN address'), optional(characterString('the subaddress'))]));
