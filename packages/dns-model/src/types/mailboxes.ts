import { name } from './fields';
import { defineType, fields } from './recordType';

/** MB (RFC 1035, experimental): the host of a mailbox. */
export const MB = defineType(7, 'MB', fields([name('the mailbox host')]));

/** MG (RFC 1035, experimental): a mailbox that is a member of the mail group. */
export const MG = defineType(8, 'MG', fields([name('the member mailbox')]));

/** MR (RFC 1035, experimental): the new name of a renamed mailbox. */
export const MR = defineType(9, 'MR', fields([name('the new mailbox')]));

/** MINFO (RFC 1035, experimental): the mailboxes responsible for a list and for its errors. */
export const MINFO = defineType(14, 'MINFO', fields([name('the responsible mailbox'), name('the error mailbox')]));

/** RP (RFC 1183): the mailbox of the person responsible, and a name with TXT records about them. */
export const RP = defineType(17, 'RP', fields([name('the mailbox'), name('the TXT name')]));
