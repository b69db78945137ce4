import { describe, expect, it } from 'vitest';
import { insideZone } from './insideZone';
import { runRules } from './index';
import { APEX, set } from './testZone';

describe('insideZone', () => {
  it('refuses a name outside the zone', () => {
    expect(runRules([insideZone], APEX, [set('www.example.net.', 'A', '192.0.2.1')], [{ name: 'www.example.net', type: 'A' }])).toEqual([
      { name: 'www.example.net', type: 'A', field: 'name', message: 'www.example.net is not inside the zone example.com' },
    ]);
  });
});
