import { describe, expect, it } from 'vitest';
import { ZoneWriteError, type ZoneWriteErrorCode } from '@kaja/zone-writes';
import { ApiError, apiErrorOf } from './errors';

describe('the write path’s refusals as the API answers them', () => {
  const answers: Record<ZoneWriteErrorCode, [code: string, status: number]> = {
    zone_not_found: ['not_found', 404],
    rrset_not_found: ['not_found', 404],
    zone_deleting: ['conflict', 409],
    zone_is_secondary: ['zone_is_secondary', 409],
    zone_is_catalog: ['conflict', 409],
    invalid_change: ['validation_failed', 422],
    not_permitted: ['forbidden', 403],
    quota_exceeded: ['quota_exceeded', 403],
    serial_mismatch: ['serial_mismatch', 409],
  };

  it.each(Object.entries(answers))('%s is %j, with the message and details of the refusal', (code, [apiCode, status]) => {
    const answered = apiErrorOf(new ZoneWriteError(code as ZoneWriteErrorCode, 'Why it was refused', { field: 'the problem' }));
    expect(answered).toBeInstanceOf(ApiError);
    expect(answered).toMatchObject({ code: apiCode, status, message: 'Why it was refused', details: { field: 'the problem' } });
  });

  it('an ApiError is answered as it is; anything else is not a failure the client may see', () => {
    const own = new ApiError('conflict', 'Taken');
    expect(apiErrorOf(own)).toBe(own);
    expect(apiErrorOf(new Error('connection reset'))).toBeUndefined();
  });
});
