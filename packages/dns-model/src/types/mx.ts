import { name, uint } from './fields';
import { defineType, fields } from './recordType';

/** MX: `priority host`; `0 .` is the null MX of RFC 7505 (the domain takes no mail). */
export const MX = defineType(15, 'MX', fields([uint(16, 'The MX priority'), name('the mail server')]));
