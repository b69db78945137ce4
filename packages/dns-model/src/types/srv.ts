import { name, uint } from './fields';
import { defineType, fields } from './recordType';

/** SRV (RFC 2782): `priority weight port target`; target "." says the service is not offered. */
export const SRV = defineType(33, 'SRV', fields([uint(16, 'The SRV priority'), uint(16, 'The SRV weight'), uint(16, 'The SRV port'), name('the target')]));
