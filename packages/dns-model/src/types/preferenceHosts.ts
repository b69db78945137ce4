import { name, uint } from './fields';
import { defineType, fields } from './recordType';

/** AFSDB (RFC 1183): an AFS or DCE database server, with its subtype. */
export const AFSDB = defineType(18, 'AFSDB', fields([uint(16, 'The AFSDB subtype'), name('the server')]));

/** RT (RFC 1183): a route-through host, with its preference. */
export const RT = defineType(21, 'RT', fields([uint(16, 'The RT preference'), name('the intermediate host')]));

/** KX (RFC 2230): a key exchanger for the name, with its preference. */
export const KX = defineType(36, 'KX', fields([uint(16, 'The KX preference'), name('the key exchanger')]));

/** LP (RFC 6742): the name of an ILNP locator (its L32/L64 records), with its preference. */
export const LP = defineType(107, 'LP', fields([uint(16, 'The LP preference'), name('the locator name')]));
