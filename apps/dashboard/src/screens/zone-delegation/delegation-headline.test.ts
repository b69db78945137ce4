import { describe, expect, it } from 'vitest';
import type { Delegation } from './delegation-data';
import { delegationHeadline, parentRead } from './delegation-headline';
import { isStale } from './delegation-refresh';

const base: Delegation = {
  status: 'pending',
  ns_state: 'unchecked',
  ds_state: 'unchecked',
  checked_at: null,
  release_at: null,
  checks_enabled: true,
  check_pending: false,
  parent_zone: null,
  problem: null,
  ns: { parent: [], expected: ['ns1.eu.kaja.dns', 'ns2.eu.kaja.dns'] },
  ds: { parent: [], expected: [] },
};
const checked = (fields: Partial<Delegation>): Delegation => ({ ...base, checked_at: '2026-11-29T07:00:00.000Z', parent_zone: 'com', ...fields });
const titleOf = (fields: Partial<Delegation>) => delegationHeadline({ ...base, ...fields }).title;

describe('delegationHeadline: one state per situation', () => {
  it('checks off: says so, whatever the zone status and the states', () => {
    expect(titleOf({ checks_enabled: false, status: 'active' })).toBe('Delegation not checked');
    expect(parentRead({ ...base, checks_enabled: false, status: 'active' })).toBe(false);
  });

  it('not checked yet, and could not check', () => {
    expect(titleOf({})).toBe('Not checked yet');
    expect(delegationHeadline({ ...base, check_pending: true }).description).toContain('being asked now');
    expect(delegationHeadline(checked({ ns_state: 'unknown', ds_state: 'unknown', problem: 'no answer' })).title).toBe('Could not check');
    expect(parentRead(checked({ ns_state: 'unknown', ds_state: 'unknown' }))).toBe(false);
  });

  it('delegated, partly, not delegated', () => {
    expect(delegationHeadline(checked({ status: 'active', ns_state: 'ours', ds_state: 'none' }))).toMatchObject({ title: 'Delegated to Kaja DNS', tone: 'ok' });
    expect(delegationHeadline(checked({ status: 'active', ns_state: 'partly', ds_state: 'none' })).title).toBe('Partly delegated to Kaja DNS');
    expect(delegationHeadline(checked({ ns_state: 'elsewhere', ds_state: 'none' })).title).toBe('Not delegated to Kaja DNS');
    expect(delegationHeadline(checked({ ns_state: 'unregistered', ds_state: 'none' })).title).toBe('Not delegated');
    expect(parentRead(checked({ ns_state: 'elsewhere' }))).toBe(true);
  });

  it('a DS that breaks validation leads over a delegation that is otherwise fine; a missing DS asks for attention', () => {
    expect(delegationHeadline(checked({ status: 'active', ns_state: 'ours', ds_state: 'wrong' }))).toMatchObject({ title: 'DS does not match', tone: 'error' });
    expect(delegationHeadline(checked({ status: 'active', ns_state: 'ours', ds_state: 'stale' })).tone).toBe('error');
    expect(delegationHeadline(checked({ status: 'active', ns_state: 'ours', ds_state: 'missing' }))).toMatchObject({
      title: 'Delegated to Kaja DNS, DS missing',
      tone: 'attention',
    });
  });
});

describe('isStale: when opening the tab refreshes the stored result', () => {
  const now = Date.parse('2026-11-29T08:00:00.000Z');
  it('refreshes a result never taken or older than a quarter of an hour, only with checks on and none under way', () => {
    expect(isStale(base, now)).toBe(true);
    expect(isStale(checked({ checked_at: '2026-11-29T07:40:00.000Z' }), now)).toBe(true);
    expect(isStale(checked({ checked_at: '2026-11-29T07:50:00.000Z' }), now)).toBe(false);
    expect(isStale({ ...base, check_pending: true }, now)).toBe(false);
    expect(isStale({ ...base, checks_enabled: false }, now)).toBe(false);
  });
});
