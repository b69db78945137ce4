import type { ContentRule } from './contentRule';

const hashLengths: Record<string, number> = { '1': 32, '2': 64 };

/** TLSA and SMIMEA with the usages, selectors and matching types of RFC 6698, and hashes of the right length. */
export const tlsaParameters: ContentRule = {
  types: ['TLSA', 'SMIMEA'],
  check(content, type) {
    const [usage, selector, matching, data] = content.split(' ') as [string, string, string, string];
    if (!['0', '1', '2', '3'].includes(usage)) return `The ${type} usage must be 0-3`;
    if (!['0', '1'].includes(selector)) return `The ${type} selector must be 0 or 1`;
    if (!['0', '1', '2'].includes(matching)) return `The ${type} matching type must be 0, 1 or 2`;
    const want = hashLengths[matching];
    if (want && data.length !== want * 2) return `${type} matching type ${matching} needs ${want * 2} hex digits, not ${data.length}`;
    return undefined;
  },
};
