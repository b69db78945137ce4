import { describe, expect, it } from 'vitest';
import type { RecordPolicy } from '@kaja/db';
import { policiesForZone, policiesWithin } from './credentialLimits';

const policy = (name: string, type: string, allow = true, zone: string | null = null): RecordPolicy => ({ zone, name, type, allow });

describe('policiesWithin: do the inner policies allow only what the outer ones allow?', () => {
  it.each([
    ['the same policies', [policy('www', 'A')], [policy('www', 'A')], true],
    ['one exact name of a wildcard', [policy('host.dyn', 'A')], [policy('*.dyn', 'A')], true],
    ['a wildcard for an exact name', [policy('*.dyn', 'A')], [policy('host.dyn', 'A')], false],
    ['another type', [policy('www', 'AAAA')], [policy('www', 'A')], false],
    ['any type for one type', [policy('www', '*')], [policy('www', 'A')], false],
    ['everything for one name', [policy('*', '*')], [policy('www', 'A')], false],
    ['a name the outer policies deny', [policy('admin.dyn', 'A')], [policy('*.dyn', 'A'), policy('admin.dyn', 'A', false)], false],
    ['a deny within an allow', [policy('*.dyn', 'A'), policy('admin.dyn', 'A', false)], [policy('*.dyn', 'A'), policy('admin.dyn', 'A', false)], true],
    ['the apex when only www is allowed', [policy('@', 'TXT')], [policy('www', 'TXT')], false],
    ['no policies (everything) for some', null, [policy('www', 'A')], false],
    ['anything when the outer has none', [policy('*', '*')], null, true],
    ['a zone the outer policies do not name', [policy('www', 'A', true, 'b.test')], [policy('www', 'A', true, 'a.test')], false],
  ])('%s', (_, inner, outer, expected) => {
    expect(policiesWithin(inner, outer, null)).toBe(expected);
  });

  it('compares only inside the given zones', () => {
    expect(policiesWithin([policy('*', '*')], [policy('*', '*', true, 'a.test')], ['a.test'])).toBe(true);
    expect(policiesWithin([policy('*', '*')], [policy('*', '*', true, 'a.test')], ['a.test', 'b.test'])).toBe(false);
  });
});

describe('policiesForZone: the policies that apply inside one zone, without zone names', () => {
  it('keeps policies for every zone and this zone, and a zone’s own policy shadows the general one', () => {
    const policies = [policy('www', 'A', false), policy('www', 'A', true, 'a.test'), policy('mail', 'A', true, 'b.test'), policy('*', 'TXT')];
    expect(policiesForZone(policies, 'a.test')).toEqual([policy('www', 'A'), policy('*', 'TXT')]);
    expect(policiesForZone(policies, 'b.test')).toEqual([policy('mail', 'A'), policy('www', 'A', false), policy('*', 'TXT')]);
    expect(policiesForZone(null, 'a.test')).toBeNull();
  });
});
