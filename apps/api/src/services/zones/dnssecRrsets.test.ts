import { describe, expect, it } from 'vitest';
import { loadConfig } from '@kaja/config';
import { recordType } from '@kaja/dns-model';
import { dsRecord } from '@kaja/dnssec';
import type { ServiceContext } from '../context';
import { newCryptokeyRow } from './dnssecKeys';
import { dnskeyOf, dnssecApexSets, type CryptokeyRow } from './dnssecRrsets';

const ctx = { config: loadConfig({ KEY_ENCRYPTION_KEY: '11'.repeat(32) }) } as ServiceContext;
const now = new Date();
const row = (keytype: 'ksk' | 'zsk', active = true): CryptokeyRow =>
  ({ ...newCryptokeyRow(ctx, 'zone', { keytype, algorithm: 'ECDSAP256SHA256', active }), createdAt: now, updatedAt: now }) as CryptokeyRow;
const zone = { name: 'example.com', ttl: 3600, nsec3: false };
const byType = (sets: ReturnType<typeof dnssecApexSets>) => Object.fromEntries(sets.map((set) => [set.type, set.contents]));

describe('the apex DNSSEC sets', () => {
  const ksk = row('ksk');
  const zsk = row('zsk');
  const spare = row('zsk', false);
  const dnskey = (key: CryptokeyRow) => recordType('DNSKEY').fromWire(dnskeyOf(key));

  it('publish every key, and CDS and CDNSKEY for the active KSKs only', () => {
    const sets = dnssecApexSets({ ...zone, dnssecState: 'active' }, [ksk, zsk, spare, row('ksk', false)]);
    expect(sets.every((set) => set.name === 'example.com' && set.ttl === 3600)).toBe(true);
    const types = byType(sets);
    expect(types.DNSKEY).toHaveLength(4);
    expect(types.DNSKEY).toContain(dnskey(spare));
    expect(types.CDS).toEqual([dsRecord('example.com', dnskeyOf(ksk), 2).content]);
    expect(types.CDNSKEY).toEqual([dnskey(ksk)]);
    expect(types.NSEC3PARAM).toBeUndefined();
  });

  it('publish NSEC3PARAM with flags 0, no extra iterations and no salt when NSEC3 is on', () => {
    expect(byType(dnssecApexSets({ ...zone, nsec3: true, dnssecState: 'active' }, [ksk, zsk])).NSEC3PARAM).toEqual(['1 0 0 -']);
  });

  it('ask the parent to remove the DS while disabling, keeping the DNSKEY set', () => {
    const types = byType(dnssecApexSets({ ...zone, nsec3: true, dnssecState: 'disabling' }, [ksk, zsk]));
    expect(types).toEqual({ DNSKEY: [dnskey(ksk), dnskey(zsk)], CDS: ['0 0 0 00'], CDNSKEY: ['0 3 0 AA=='], NSEC3PARAM: ['1 0 0 -'] });
  });

  it('are empty before the keys exist and once signing is off', () => {
    expect(dnssecApexSets({ ...zone, dnssecState: 'signing' }, [])).toEqual([]);
    expect(dnssecApexSets({ ...zone, nsec3: true, dnssecState: 'off' }, [ksk, zsk])).toEqual([]);
  });
});
