import { describe, expect, it } from 'vitest';
import { dsKey, dsStateOf, nsStateOf } from './delegationStates';

const ours = ['ns1.kaja.example.', 'ns2.kaja.example.', 'ns3.kaja.example.'];
const active = ['12345 13 2 AABBCCDD', '12345 13 4 EEFF0011'];
const retired = ['54321 13 2 99887766'];

describe('the NS state', () => {
  it('is unregistered when the parent delegates nothing', () => {
    expect(nsStateOf(null, ours)).toBe('unregistered');
    expect(nsStateOf([], ours)).toBe('unregistered');
  });

  it('is ours when every name the parent gives is ours, all of them or some, in any case and with or without the dot', () => {
    expect(nsStateOf(['ns1.kaja.example', 'ns2.kaja.example', 'ns3.kaja.example'], ours)).toBe('ours');
    expect(nsStateOf(['NS2.Kaja.Example.'], ours)).toBe('ours');
  });

  it('is partly with ours and others mixed, elsewhere with none of ours', () => {
    expect(nsStateOf(['ns1.kaja.example', 'ns1.other.example'], ours)).toBe('partly');
    expect(nsStateOf(['ns1.other.example', 'ns2.other.example'], ours)).toBe('elsewhere');
    // A name that only ends like ours is not ours.
    expect(nsStateOf(['xns1.kaja.example'], ours)).toBe('elsewhere');
  });
});

describe('the DS state', () => {
  const expected = { active, retired };

  it('of a signed zone: matching when any DS names an active KSK, whatever the case and spacing of the digest', () => {
    expect(dsStateOf(['12345 13 2 aabbccdd'], 'active', expected)).toBe('matching');
    expect(dsStateOf(['11111 13 2 00000000', '12345 13 4 EEFF 0011'], 'active', expected)).toBe('matching');
  });

  it('of a signed zone: missing without DS, stale with only DS of keys that no longer sign, wrong with DS of no key', () => {
    expect(dsStateOf([], 'active', expected)).toBe('missing');
    expect(dsStateOf(['54321 13 2 99887766'], 'active', expected)).toBe('stale');
    expect(dsStateOf(['54321 13 2 99887766', '11111 13 2 00000000'], 'active', expected)).toBe('stale');
    expect(dsStateOf(['12345 13 2 AABBCCDE'], 'active', expected)).toBe('wrong');
    // Same key tag, other algorithm: not our key.
    expect(dsStateOf(['12345 8 2 AABBCCDD'], 'active', expected)).toBe('wrong');
  });

  it('of a zone not signed, being signed or being turned off: none without DS, unexpected with one', () => {
    for (const state of ['off', 'signing', 'disabling'] as const) {
      expect(dsStateOf([], state, expected)).toBe('none');
      expect(dsStateOf(['12345 13 2 AABBCCDD'], state, expected)).toBe('unexpected');
    }
  });

  it('compares DS records by their fields', () => {
    expect(dsKey(' 00042  13 2 ab cd ')).toBe('42 13 2 ABCD');
  });
});
