import type { ContentRule } from './contentRule';

const digestLengths: Record<string, number> = { '1': 20, '2': 32, '4': 48 };

/** A DS or CDS a resolver can use: a real algorithm, a digest type it knows (SHA-1, SHA-256, SHA-384) of the right length. */
export const dsDigests: ContentRule = {
  types: ['DS', 'CDS'],
  check(content, type) {
    const [, algorithm, digestType, digest] = content.split(' ') as [string, string, string, string];
    // RFC 8078: "0 0 0 00" in CDS asks the parent to remove the DS.
    if (type === 'CDS' && content === '0 0 0 00') return undefined;
    if (algorithm === '0') return `${type} algorithm must not be 0`;
    const want = digestLengths[digestType];
    if (!want) return `${type} digest type must be 1 (SHA-1), 2 (SHA-256) or 4 (SHA-384)`;
    if (digest.length !== want * 2) return `${type} digest type ${digestType} needs ${want * 2} hex digits, not ${digest.length}`;
    return undefined;
  },
};
