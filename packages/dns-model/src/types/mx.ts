import { ValidationError } from '../errors';
import { uint } from './fields';
import { hostName } from './hostTarget';
import { defineType, fields } from './recordType';

/** MX: `priority host`; `0 .` is the null MX of RFC 7505 (the domain takes no mail). */
export const MX = defineType(
  15,
  'MX',
  fields([uint(16, 'The MX priority'), hostName('the mail server', 'MX')], ([priority, host]) => {
    if (host === '.' && priority !== '0') throw new ValidationError('A null MX (".") must have priority 0');
  }),
);
