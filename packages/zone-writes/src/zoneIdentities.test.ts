import { describe, expect, it } from 'vitest';
import { systemActor } from './audit';
import type { Caller } from './restrictions';
import { ZoneIdentities, type ZoneIdentity } from './zoneIdentities';

const session = (customerId: string): Caller => ({ customerId, actor: systemActor, credential: { kind: 'session' } });
const keyFor = (customerId: string, allowedZones: string[] | null): Caller => ({
  customerId,
  actor: systemActor,
  credential: { kind: 'api_key', apiKey: { allowedZones, recordPolicies: null } },
});
const zone = (id: string, type: ZoneIdentity['type'] = 'primary'): ZoneIdentity => ({ id, name: `${id}.example`, customerId: 'customer', type });

describe('ZoneIdentities', () => {
  it('gives a known zone only to its customer, and only to a credential that may touch it', () => {
    const identities = new ZoneIdentities();
    identities.remember(zone('a'));
    expect(identities.editable(session('customer'), 'a')).toEqual(zone('a'));
    expect(identities.editable(session('stranger'), 'a')).toBeUndefined();
    expect(identities.editable(keyFor('customer', ['b.example']), 'a')).toBeUndefined();
    expect(identities.editable(keyFor('customer', ['a.example']), 'a')).toEqual(zone('a'));
    expect(identities.editable(session('customer'), 'unknown')).toBeUndefined();
  });

  it('refuses a secondary or catalog zone as editableZone does', () => {
    const identities = new ZoneIdentities();
    identities.remember(zone('s', 'secondary'));
    identities.remember(zone('c', 'catalog'));
    expect(() => identities.editable(session('customer'), 's')).toThrow(expect.objectContaining({ code: 'zone_is_secondary' }));
    expect(() => identities.editable(session('customer'), 'c')).toThrow(expect.objectContaining({ code: 'zone_is_catalog' }));
  });

  it('keeps what never changes of a zone and no more, at most its capacity, the least recently used dropped first', () => {
    const identities = new ZoneIdentities(2);
    identities.remember({ ...zone('a'), serial: 7, status: 'active' } as ZoneIdentity);
    identities.remember(zone('b'));
    expect(identities.editable(session('customer'), 'a')).toEqual(zone('a'));
    identities.remember(zone('c'));
    expect(identities.editable(session('customer'), 'b')).toBeUndefined();
    expect(identities.editable(session('customer'), 'a')).toEqual(zone('a'));
    expect(identities.editable(session('customer'), 'c')).toEqual(zone('c'));
  });
});
