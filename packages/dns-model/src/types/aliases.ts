import { ALIAS_CODE } from './typeCodes';
import { name } from './fields';
import { defineType, fields } from './recordType';

/** CNAME: this name is another name. */
export const CNAME = defineType(5, 'CNAME', fields([name('the target')]));

/** NS: a name server of this zone or of a delegated child. */
export const NS = defineType(2, 'NS', fields([name('the name server')]));

/** PTR: the name an address maps back to. */
export const PTR = defineType(12, 'PTR', fields([name('the target')]));

/** ALIAS (also written ANAME): answered at the apex as the A/AAAA of its target, resolved by the server. */
export const ALIAS = defineType(ALIAS_CODE, 'ALIAS', fields([name('the target')]));

/** DNAME (RFC 6672): every name below this one is the same name below the target. */
export const DNAME = defineType(39, 'DNAME', fields([name('the target')]));
