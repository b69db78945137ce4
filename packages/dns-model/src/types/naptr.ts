import { ValidationError } from '../errors';
import { characterString, name, uint } from './fields';
import { defineType, fields } from './recordType';

/** NAPTR (RFC 3403): order, preference, flags, services, regexp, replacement. */
export const NAPTR = defineType(
  35,
  'NAPTR',
  fields(
    [
      uint(16, 'The NAPTR order'),
      uint(16, 'The NAPTR preference'),
      characterString('the flags'),
      characterString('the services'),
      characterString('the regexp'),
      name('the replacement'),
    ],
    ([, , flags]) => {
      if (!/^"[a-zA-Z0-9]*"$/.test(flags!)) throw new ValidationError('NAPTR flags must be letters and digits');
    },
  ),
);
