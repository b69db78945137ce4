import { describe, expect, it } from 'vitest';
import { dsDigests } from './dsDigests';

describe('dsDigests', () => {
  it('refuses digests of unknown types or of the wrong length', () => {
    expect(dsDigests.check('12345 13 2 abcd', 'DS')).toBe('DS digest type 2 needs 64 hex digits, not 4');
    expect(dsDigests.check('12345 13 3 ' + 'ab'.repeat(32), 'DS')).toBe('DS digest type must be 1 (SHA-1), 2 (SHA-256) or 4 (SHA-384)');
    expect(dsDigests.check('12345 0 2 ' + 'ab'.repeat(32), 'DS')).toBe('DS algorithm must not be 0');
    expect(dsDigests.check('0 0 0 00', 'CDS')).toBeUndefined();
    expect(dsDigests.check('12345 13 2 ' + 'ab'.repeat(32), 'DS')).toBeUndefined();
  });
});
