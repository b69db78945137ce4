import { describe, expect, it } from 'vitest';
import { catalogGroup, catalogMemberLabel, catalogRrsets } from './catalogZones';

describe('the content of a catalog zone (RFC 9432)', () => {
  const catalog = 'cat.example.net';
  const members = [
    { id: '0b8e2c4a-1f3d-4e5a-9b6c-7d8e9f0a1b2c', name: 'example.com', region: 'EU' as const },
    { id: 'F0E1D2C3-B4A5-4968-8776-655443322110', name: 'xn--bcher-kva.example', region: 'EU_GLOBAL' as const },
  ];

  it('names each member by its zone id in 32 hex digits, a new label for a zone made again', () => {
    expect(catalogMemberLabel(members[0]!.id)).toBe('0b8e2c4a1f3d4e5a9b6c7d8e9f0a1b2c');
    expect(catalogMemberLabel(members[1]!.id)).toBe('f0e1d2c3b4a549688776655443322110');
    expect(catalogMemberLabel(members[0]!.id)).not.toBe(catalogMemberLabel('0b8e2c4a-1f3d-4e5a-9b6c-7d8e9f0a1b2d'));
  });

  it('groups members by their network', () => {
    expect([catalogGroup('EU'), catalogGroup('GLOBAL'), catalogGroup('EU_GLOBAL')]).toEqual(['eu', 'global', 'eu-global']);
  });

  it('writes version "2", a PTR per member under zones., and its group property', () => {
    const sets = catalogRrsets(catalog, 3600, members);
    expect(sets).toEqual([
      { name: 'version.cat.example.net', type: 'TXT', ttl: 3600, contents: ['"2"'] },
      { name: '0b8e2c4a1f3d4e5a9b6c7d8e9f0a1b2c.zones.cat.example.net', type: 'PTR', ttl: 3600, contents: ['example.com.'] },
      { name: 'group.0b8e2c4a1f3d4e5a9b6c7d8e9f0a1b2c.zones.cat.example.net', type: 'TXT', ttl: 3600, contents: ['"eu"'] },
      { name: 'f0e1d2c3b4a549688776655443322110.zones.cat.example.net', type: 'PTR', ttl: 3600, contents: ['xn--bcher-kva.example.'] },
      { name: 'group.f0e1d2c3b4a549688776655443322110.zones.cat.example.net', type: 'TXT', ttl: 3600, contents: ['"eu-global"'] },
    ]);
  });

  it('holds only the version when the customer has no zone', () => {
    expect(catalogRrsets(catalog, 60, [])).toEqual([{ name: 'version.cat.example.net', type: 'TXT', ttl: 60, contents: ['"2"'] }]);
  });
});
