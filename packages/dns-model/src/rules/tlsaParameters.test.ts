import { describe, expect, it } from 'vitest';
import { tlsaParameters } from './tlsaParameters';

describe('tlsaParameters', () => {
  it('refuses unknown usages and hashes of the wrong length', () => {
    expect(tlsaParameters.check('4 1 1 ' + 'ab'.repeat(32), 'TLSA')).toBe('The TLSA usage must be 0-3');
    expect(tlsaParameters.check('3 1 1 abcd', 'SMIMEA')).toBe('SMIMEA matching type 1 needs 64 hex digits, not 4');
    expect(tlsaParameters.check('3 1 2 ' + 'ab'.repeat(32), 'TLSA')).toBe('TLSA matching type 2 needs 128 hex digits, not 64');
    expect(tlsaParameters.check('3 0 0 308201', 'TLSA')).toBeUndefined();
  });
});
