import { defineType, fields } from './recordType';
import { ipv4, ipv6 } from './fields';

/** A: an IPv4 address as a dotted quad. */
export const A = defineType(1, 'A', fields([ipv4]));

/** AAAA: an IPv6 address, stored in RFC 5952 form. */
export const AAAA = defineType(28, 'AAAA', fields([ipv6]));
