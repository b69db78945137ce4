import { describe, expect, it } from 'vitest';
import { managedTypes } from './managedTypes';
import { runRules } from './index';
import { APEX, problem, ruleCheck, set } from './testZone';

const check = ruleCheck(managedTypes);

describe('managedTypes', () => {
  it('refuses a change to the sets the platform writes', () => {
    expect(check([], [set('', 'NS', 'ns.example.net.')])).toEqual([
      problem('', 'NS', 'type', 'NS records at the root of a domain are managed by the platform'),
    ]);
    expect(check([], [set('www', 'RRSIG', 'A 13 3 300 20300101000000 20240101000000 1 example.com. AAECAw==')])).toEqual([
      problem('www', 'RRSIG', 'type', 'RRSIG records are managed by the platform when DNSSEC is on'),
    ]);
    // The zone as it stands (no change) holds the platform's sets.
    expect(runRules([managedTypes], APEX, [set('', 'NS', 'ns.example.net.')])).toEqual([]);
  });
});
