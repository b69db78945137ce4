import { name, period, uint } from './fields';
import { defineType, fields } from './recordType';

/** SOA: primary server, responsible mailbox, serial and timers (written by the platform). */
export const SOA = defineType(
  6,
  'SOA',
  fields([
    name('the primary name server'),
    name('the responsible mailbox'),
    uint(32, 'The serial'),
    period('The refresh time'),
    period('The retry time'),
    period('The expire time'),
    period('The minimum TTL'),
  ]),
);
