import { describe, expect, it } from 'vitest';
import { ownerLabels } from './ownerLabels';
import { problem, ruleCheck, set } from './testZone';

const check = ruleCheck(ownerLabels);

describe('ownerLabels', () => {
  it('refuses owner names that are not letters, digits, hyphens and underscores', () => {
    expect(check([], [set('a\\.b', 'TXT', '"x"')])).toEqual([
      problem('a\\.b', 'TXT', 'name', 'a\\.b.example.com may only contain letters, digits, hyphens and underscores in its labels (a label may also be *)'),
    ]);
    expect(check([], [set('host.*.sub', 'A', '192.0.2.1')])).toEqual([]);
    expect(check([], [set('*._tcp', 'TXT', '"x"')])).toEqual([]);
  });
});
