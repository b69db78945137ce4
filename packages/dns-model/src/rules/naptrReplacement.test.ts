import { describe, expect, it } from 'vitest';
import { naptrReplacement } from './naptrReplacement';

describe('naptrReplacement', () => {
  it('refuses a NAPTR with both a regexp and a replacement', () => {
    expect(naptrReplacement.check('100 10 "U" "E2U+sip" "!x!y!" host.example.com.', 'NAPTR')).toBe(
      'A NAPTR record has either a regexp or a replacement, not both',
    );
    expect(naptrReplacement.check('100 10 "U" "E2U+sip" "!x!y!" .', 'NAPTR')).toBeUndefined();
  });
});
