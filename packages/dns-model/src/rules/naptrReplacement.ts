import { tokenize } from '../types/tokens';
import type { ContentRule } from './contentRule';

/** RFC 3403 section 4.1: a NAPTR rewrites with a regexp or with a replacement, never both. */
export const naptrReplacement: ContentRule = {
  types: ['NAPTR'],
  check(content) {
    const tokens = tokenize(content);
    const regexp = tokens[4]!.text;
    const replacement = tokens[5]!.text;
    return regexp !== '' && replacement !== '.' ? 'A NAPTR record has either a regexp or a replacement, not both' : undefined;
  },
};
