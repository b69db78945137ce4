import { describe, expect, it } from 'vitest';
import { afterAll, beforeAll } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { serveZones, type TestServer } from './testing/server';
import { loadZoneText, wireRecord } from './zoneFile';

const text = '$TTL 300\n@ SOA ns1 hostmaster 5 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\na.b.c A 192.0.2.2\nZ A 192.0.2.3\n*.w A 192.0.2.4\n';
const soa = (serial: number) =>
  wireRecord({ name: 'example.com', type: 'SOA', ttl: 300, content: `ns1.example.com. hostmaster.example.com. ${serial} 7200 3600 1209600 60` });
const a = (name: string, address: string) => wireRecord({ name, type: 'A', ttl: 300, content: address });

describe('the zone in memory', () => {
  it('holds every name and the empty non-terminals above them, in canonical order', () => {
    const zone = loadZoneText('example.com', text);
    expect(zone.serial).toBe(5);
    expect(zone.canonicalNames()).toEqual([
      'example.com',
      'c.example.com',
      'b.c.example.com',
      'a.b.c.example.com',
      'ns1.example.com',
      'w.example.com',
      '*.w.example.com',
      'z.example.com',
    ]);
    expect(zone.nodes.get('b.c.example.com')!.rrsets.size).toBe(0);
  });

  it('applies a journal change by serial, ignores one it already has and reports a gap', () => {
    const zone = loadZoneText('example.com', text);
    const change = { previousSerial: 5, serial: 6, removed: [soa(5), a('a.b.c.example.com', '192.0.2.2')], added: [soa(6), a('new.example.com', '192.0.2.9')] };
    expect(zone.apply({ ...change, previousSerial: 3, serial: 4 })).toBe('already');
    expect(zone.apply({ previousSerial: 6, serial: 7, removed: [soa(6)], added: [soa(7)] })).toBe('gap');
    expect(zone.serial).toBe(5);
    expect(zone.apply(change)).toBe('applied');
    expect(zone.serial).toBe(6);
    // The removed name and the empty non-terminals that only it needed are gone.
    expect(zone.nodes.has('a.b.c.example.com')).toBe(false);
    expect(zone.nodes.has('c.example.com')).toBe(false);
    expect(zone.nodes.has('new.example.com')).toBe(true);
    expect(zone.apply(change)).toBe('already');
    expect(zone.nodes.get('new.example.com')!.rrsets.get(1)!.rdata).toHaveLength(1);
  });

  it('refuses a change that would break the zone, leaving it as it was', () => {
    const zone = loadZoneText('example.com', text);
    expect(() => zone.apply({ previousSerial: 5, serial: 6, removed: [], added: [a('www.example.org', '192.0.2.1')] })).toThrow(/not inside the zone/);
    expect(() => zone.apply({ previousSerial: 5, serial: 6, removed: [], added: [soa(6), a('www.example.com', '192.0.2.1')] })).toThrow(/exactly one new SOA/);
    expect(() => zone.apply({ previousSerial: 5, serial: 6, removed: [soa(5)], added: [] })).toThrow(/exactly one new SOA/);
    expect(() => zone.apply({ previousSerial: 5, serial: 6, removed: [], added: [a('www.example.com', '192.0.2.1')] })).toThrow(
      'the change of example.com to serial 6 brings an SOA of serial 5',
    );
    expect(() => zone.apply({ previousSerial: 5, serial: 6, removed: [soa(5)], added: [soa(7)] })).toThrow('brings an SOA of serial 7');
    expect(zone.serial).toBe(5);
    expect(zone.nodes.has('www.example.com')).toBe(false);
  });

  it('knows whether it holds a DNAME, through changes', () => {
    const zone = loadZoneText('example.com', text);
    expect(zone.hasDname).toBe(false);
    const dname = wireRecord({ name: 'old.example.com', type: 'DNAME', ttl: 300, content: 'new.example.net.' });
    zone.apply({ serial: 6, previousSerial: 5, removed: [soa(5)], added: [soa(6), dname] });
    expect(zone.hasDname).toBe(true);
    zone.apply({ serial: 7, previousSerial: 6, removed: [soa(6), dname], added: [soa(7)] });
    expect(zone.hasDname).toBe(false);
  });

  it('rejects a zone without an SOA', () => {
    expect(() => loadZoneText('example.com', '$TTL 300\n@ NS ns1\n')).toThrow(/SOA/);
  });
});

describe('changes while serving', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await serveZones({ 'example.com': text });
  });
  afterAll(() => server.close());

  it('answers from the changed zone at once, though the old answer was cached', async () => {
    expect((await dig(server.port, 'new.example.com', 'A')).rcode).toBe('NXDOMAIN');
    expect((await dig(server.port, 'ns1.example.com', 'A')).answer).toEqual(['ns1.example.com. 300 IN A 192.0.2.1']);
    const result = server.zones.apply('example.com', {
      previousSerial: 5,
      serial: 6,
      removed: [soa(5), a('ns1.example.com', '192.0.2.1')],
      added: [soa(6), a('new.example.com', '192.0.2.9'), a('ns1.example.com', '192.0.2.53')],
    });
    expect(result).toBe('applied');
    expect(server.zones.apply('other.example', { previousSerial: 1, serial: 2, removed: [], added: [] })).toBe('unknown');
    expect((await dig(server.port, 'new.example.com', 'A')).answer).toEqual(['new.example.com. 300 IN A 192.0.2.9']);
    expect((await dig(server.port, 'ns1.example.com', 'A')).answer).toEqual(['ns1.example.com. 300 IN A 192.0.2.53']);
    expect((await dig(server.port, 'example.com', 'SOA')).answer[0]).toContain(' 6 7200 ');
  });

  it('hands names to a newly added child zone, and back when it goes', async () => {
    expect((await dig(server.port, 'x.w.example.com', 'A')).answer).toEqual(['x.w.example.com. 300 IN A 192.0.2.4']);
    server.zones.put(loadZoneText('w.example.com', '$TTL 60\n@ SOA ns1 hostmaster 1 7200 3600 1209600 60\n@ NS ns1\nx A 198.51.100.1\n'));
    expect((await dig(server.port, 'x.w.example.com', 'A')).answer).toEqual(['x.w.example.com. 60 IN A 198.51.100.1']);
    server.zones.remove('w.example.com');
    expect((await dig(server.port, 'x.w.example.com', 'A')).answer).toEqual(['x.w.example.com. 300 IN A 192.0.2.4']);
  });
});
