import { describe, expect, it } from 'vitest';
import { sshfpFingerprints } from './sshfpFingerprints';

describe('sshfpFingerprints', () => {
  it('refuses unknown algorithms and fingerprints of the wrong length', () => {
    expect(sshfpFingerprints.check('5 1 ' + '12'.repeat(20), 'SSHFP')).toBe(
      'The SSHFP algorithm must be 1 (RSA), 2 (DSA), 3 (ECDSA), 4 (Ed25519) or 6 (Ed448)',
    );
    expect(sshfpFingerprints.check('1 2 ' + '12'.repeat(20), 'SSHFP')).toBe('SSHFP fingerprint type 2 needs 64 hex digits, not 40');
    expect(sshfpFingerprints.check('4 2 ' + '12'.repeat(32), 'SSHFP')).toBeUndefined();
  });
});
