import { describe, expect, it } from 'vitest';
import type { RecordPolicy } from '@kaja/db';
import { ipAllowed, parseCidr, policiesAllow } from './restrictions';

const policy = (name: string, type: string, allow: boolean, zone: string | null = null): RecordPolicy => ({ zone, name, type, allow });

describe('record write policies: the most specific match wins', () => {
  const acmeOnly = [policy('_acme-challenge', 'TXT', true, 'example.com')];

  it('no policies: everything is allowed', () => {
    expect(policiesAllow(null, { zone: 'example.com', name: 'www', type: 'A' })).toBe(true);
    expect(policiesAllow([], { zone: 'example.com', name: 'www', type: 'A' })).toBe(true);
  });

  it('policies but no match: refused', () => {
    expect(policiesAllow(acmeOnly, { zone: 'example.com', name: 'www', type: 'TXT' })).toBe(false);
    expect(policiesAllow(acmeOnly, { zone: 'example.com', name: '_acme-challenge', type: 'A' })).toBe(false);
    expect(policiesAllow(acmeOnly, { zone: 'example.org', name: '_acme-challenge', type: 'TXT' })).toBe(false);
  });

  it('an ACME key may change only _acme-challenge TXT of its zone', () => {
    expect(policiesAllow(acmeOnly, { zone: 'example.com', name: '_acme-challenge', type: 'txt' })).toBe(true);
  });

  it('an exact name beats a wildcard, a longer suffix beats a shorter one', () => {
    const policies = [policy('*', '*', true), policy('*.internal', '*', false), policy('*.dev.internal', '*', true), policy('db.dev.internal', '*', false)];
    expect(policiesAllow(policies, { zone: 'z.test', name: 'www', type: 'A' })).toBe(true);
    expect(policiesAllow(policies, { zone: 'z.test', name: 'x.internal', type: 'A' })).toBe(false);
    expect(policiesAllow(policies, { zone: 'z.test', name: 'api.dev.internal', type: 'A' })).toBe(true);
    expect(policiesAllow(policies, { zone: 'z.test', name: 'db.dev.internal', type: 'A' })).toBe(false);
  });

  it('at the same name an exact type beats *, and a zone-specific policy beats an any-zone one', () => {
    const policies = [policy('@', '*', false), policy('@', 'MX', true), policy('@', 'TXT', false), policy('@', 'TXT', true, 'mail.test')];
    expect(policiesAllow(policies, { zone: 'z.test', name: '@', type: 'A' })).toBe(false);
    expect(policiesAllow(policies, { zone: 'z.test', name: '@', type: 'MX' })).toBe(true);
    expect(policiesAllow(policies, { zone: 'z.test', name: '@', type: 'TXT' })).toBe(false);
    expect(policiesAllow(policies, { zone: 'mail.test', name: '@', type: 'TXT' })).toBe(true);
  });

  it('a tie between allow and deny denies', () => {
    expect(policiesAllow([policy('www', 'A', true), policy('www', 'A', false)], { zone: 'z.test', name: 'www', type: 'A' })).toBe(false);
  });
});

describe('client address ranges', () => {
  it('parses IPv4 and IPv6 CIDRs and refuses nonsense', () => {
    expect(parseCidr('192.0.2.0/24')).toEqual({ address: '192.0.2.0', prefix: 24, family: 'ipv4' });
    expect(parseCidr('2001:db8::/32')).toEqual({ address: '2001:db8::', prefix: 32, family: 'ipv6' });
    expect(parseCidr('192.0.2.7')).toEqual({ address: '192.0.2.7', prefix: 32, family: 'ipv4' });
    for (const bad of ['192.0.2.0/33', '2001:db8::/129', 'example.com/8', '10.0.0.0/8/1', '10.0.0.0/-1', '10.0.0.0/']) expect(parseCidr(bad), bad).toBeNull();
  });

  it('matches addresses, including IPv4-mapped IPv6', () => {
    expect(ipAllowed(null, '203.0.113.9')).toBe(true);
    expect(ipAllowed(['203.0.113.0/24'], '203.0.113.9')).toBe(true);
    expect(ipAllowed(['203.0.113.0/24'], '::ffff:203.0.113.9')).toBe(true);
    expect(ipAllowed(['203.0.113.0/24'], '198.51.100.1')).toBe(false);
    expect(ipAllowed(['2001:db8::/32'], '2001:db8:1::5')).toBe(true);
    expect(ipAllowed(['2001:db8::/32'], '2001:db9::5')).toBe(false);
  });
});
