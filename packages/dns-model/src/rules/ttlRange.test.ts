import { describe, expect, it } from 'vitest';
import { ttlRange } from './ttlRange';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(ttlRange);

describe('ttlRange', () => {
  it('refuses a TTL under a minute', () => {
    expect(check([], [{ ...set('www', 'A', '192.0.2.1'), ttl: 59 }])).toEqual([problem('www', 'A', 'ttl', 'TTL must be between 60 and 604800 seconds')]);
    expect(check([], [{ ...set('www', 'A', '192.0.2.1'), ttl: 60 }])).toEqual([]);
  });
});
