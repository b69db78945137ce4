import { describe, expect, it } from 'vitest';
import { parseRrsetInput } from './rrsetInput';

const zone = 'example.com';
const read = (input: object) => parseRrsetInput(input, zone, { defaultTtl: 3600 });

describe('parseRrsetInput', () => {
  it('reads a set with canonical contents and the zone TTL by default', () => {
    expect(read({ type: 'aaaa', name: 'www', content: ['2001:DB8::1', '2001:db8:0:0::2'] })).toEqual({
      ok: true,
      rrset: { name: 'www.example.com', type: 'AAAA', ttl: 3600, contents: ['2001:db8::1', '2001:db8::2'] },
    });
    expect(read({ type: 'ANAME', name: '@', content: 'lb.example.net', ttl: 300 })).toEqual({
      ok: true,
      rrset: { name: zone, type: 'ALIAS', ttl: 300, contents: ['lb.example.net.example.com.'] },
    });
  });

  it('Record type is required', () => {
    expect(read({ name: 'www', content: '192.0.2.1' })).toEqual({ ok: false, errors: { type: 'Record type is required' } });
  });

  it('refuses types customers cannot write', () => {
    expect(read({ type: 'SOA', content: 'x' }).ok).toBe(false);
    expect(read({ type: 'SOA', content: 'x' })).toMatchObject({ errors: { type: 'SOA records are managed by the platform' } });
    expect(read({ type: 'RRSIG', content: 'x' })).toMatchObject({ errors: { type: 'RRSIG records are managed by the platform when DNSSEC is on' } });
    expect(read({ type: 'OPT', content: '\\# 0' })).toMatchObject({ errors: { type: 'Record type OPT is not supported' } });
    expect(read({ type: 'AXFR', content: '\\# 0' })).toMatchObject({ errors: { type: 'Record type AXFR is not supported' } });
    expect(read({ type: 'WKS', content: '\\# 0' })).toMatchObject({ errors: { type: 'Record type WKS is not supported' } });
    expect(read({ type: 'TYPE65535', content: '\\# 0' })).toMatchObject({ errors: { type: 'Record type TYPE65535 is not supported' } });
    expect(read({ type: 'FOO', content: 'x' })).toMatchObject({ errors: { type: 'Unknown record type FOO' } });
    expect(read({ type: 'NS', name: '@', content: 'ns1.example.net.' })).toMatchObject({
      errors: { type: 'NS records at the root of a domain are managed by the platform' },
    });
  });

  it('reads the types a migrating customer has, and unassigned types in RFC 3597 form', () => {
    expect(read({ type: 'DNAME', name: 'old', content: 'new.example.net.' })).toMatchObject({
      ok: true,
      rrset: { type: 'DNAME', contents: ['new.example.net.'] },
    });
    expect(read({ type: 'LOC', content: '52 22 23 N 4 53 32 E -2m' })).toMatchObject({
      ok: true,
      rrset: { contents: ['52 22 23.000 N 4 53 32.000 E -2.00m 1.00m 10000.00m 10.00m'] },
    });
    expect(read({ type: 'TYPE65280', name: 'x', content: '\\# 2 abcd' })).toMatchObject({ ok: true, rrset: { type: 'TYPE65280', contents: ['\\# 2 abcd'] } });
  });

  it('checks contents against the rules of good practice', () => {
    expect(read({ type: 'MX', content: '10 .' })).toEqual({ ok: false, errors: { content: 'A null MX (".") must have priority 0' } });
  });

  it('reports every bad field at once', () => {
    expect(read({ type: 'MX', name: 'www.example.net.', content: ['10 mail.example.com.', '10 192.0.2.1'], ttl: 30 })).toEqual({
      ok: false,
      errors: {
        name: 'www.example.net is not inside the zone example.com',
        content: 'Value 2: MX must point to a host name, not an IP address',
        ttl: 'TTL must be between 60 and 604800 seconds',
      },
    });
  });

  it('checks the shapes of untrusted JSON', () => {
    expect(read({ type: 1, name: 2, content: [3], ttl: '60' })).toEqual({
      ok: false,
      errors: {
        type: 'Record type must be a string',
        name: 'Name must be a string',
        content: 'Content must be a string or a list of strings',
        ttl: 'TTL must be a whole number of seconds',
      },
    });
    expect(read({ type: 'A', content: [] })).toEqual({ ok: false, errors: { content: 'Content is required' } });
  });
});
