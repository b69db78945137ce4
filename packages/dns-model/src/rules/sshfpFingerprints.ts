import type { ContentRule } from './contentRule';

const algorithms = ['1', '2', '3', '4', '6'];
const hashLengths: Record<string, number> = { '1': 20, '2': 32 };

/** SSHFP with a key algorithm of RFC 4255, 6594, 7479 or 8709 and a SHA-1 or SHA-256 fingerprint of the right length. */
export const sshfpFingerprints: ContentRule = {
  types: ['SSHFP'],
  check(content) {
    const [algorithm, hash, fingerprint] = content.split(' ') as [string, string, string];
    if (!algorithms.includes(algorithm)) return 'The SSHFP algorithm must be 1 (RSA), 2 (DSA), 3 (ECDSA), 4 (Ed25519) or 6 (Ed448)';
    const want = hashLengths[hash];
    if (!want) return 'The SSHFP fingerprint type must be 1 (SHA-1) or 2 (SHA-256)';
    if (fingerprint.length !== want * 2) return `SSHFP fingerprint type ${hash} needs ${want * 2} hex digits, not ${fingerprint.length}`;
    return undefined;
  },
};
