import { describe, expect, it } from 'vitest';
import { parseOwnerName } from './owner';
import { parseZoneName } from './zoneName';

describe('parseOwnerName', () => {
  const zone = 'example.com';
  it('reads @, empty, relative and full names with or without the trailing dot', () => {
    expect(parseOwnerName('@', zone)).toBe(zone);
    expect(parseOwnerName('', zone)).toBe(zone);
    expect(parseOwnerName('www', zone)).toBe('www.example.com');
    expect(parseOwnerName('WWW.example.com', zone)).toBe('www.example.com');
    expect(parseOwnerName('www.example.com.', zone)).toBe('www.example.com');
    expect(parseOwnerName('example.com', zone)).toBe(zone);
    expect(parseOwnerName('*.dev', zone)).toBe('*.dev.example.com');
    expect(parseOwnerName('_dmarc', zone)).toBe('_dmarc.example.com');
  });

  it('refuses names outside the zone and odd characters', () => {
    expect(() => parseOwnerName('www.example.net.', zone)).toThrow('www.example.net is not inside the zone example.com');
    expect(() => parseOwnerName('a b', zone)).toThrow('space');
    expect(() => parseOwnerName('a\\.b', zone)).toThrow('may only contain letters, digits, hyphens and underscores');
  });

  it('reads Unicode names as punycode', () => {
    expect(parseOwnerName('www.bücher.de', 'xn--bcher-kva.de')).toBe('www.xn--bcher-kva.de');
  });
});

describe('parseZoneName', () => {
  it('accepts a domain below a public suffix', () => {
    expect(parseZoneName('Example.COM')).toBe('example.com');
    expect(parseZoneName('example.co.uk.')).toBe('example.co.uk');
    expect(parseZoneName('shop.example.com')).toBe('shop.example.com');
    expect(parseZoneName('2.0.192.in-addr.arpa')).toBe('2.0.192.in-addr.arpa');
    expect(parseZoneName('bücher.de')).toBe('xn--bcher-kva.de');
  });

  it('refuses public suffixes themselves', () => {
    expect(() => parseZoneName('com')).toThrow('com is a public suffix');
    expect(() => parseZoneName('co.uk')).toThrow('co.uk is a public suffix');
    expect(() => parseZoneName('github.io')).toThrow('github.io is a public suffix');
  });

  it('quotes a refused name as it was typed, with no dot added', () => {
    expect(() => parseZoneName('example..com')).toThrow('"example..com" has an empty label');
    expect(() => parseZoneName('ex ample.com')).toThrow('"ex ample.com" contains a space or control character');
    expect(() => parseZoneName('example.com/')).toThrow('"example.com/" may only contain');
    expect(parseZoneName('Example.COM.')).toBe('example.com');
  });

  it('refuses unknown top-level domains, wildcards and empty names', () => {
    expect(() => parseZoneName('example.notatld')).toThrow('is not under a known top-level domain');
    expect(() => parseZoneName('*.example.com')).toThrow('wildcard');
    expect(() => parseZoneName('')).toThrow('Zone name is required');
    expect(() => parseZoneName('.')).toThrow('The root cannot be hosted');
  });

  it.each([
    ['-example.com', 'starts or ends with a hyphen'],
    ['example-.com', 'starts or ends with a hyphen'],
    ['shop.-x.example.com', 'starts or ends with a hyphen'],
    ['my_zone.com', 'has an underscore'],
    ['_dmarc.example.com', 'has an underscore'],
    ['ab--cd.com', 'hyphens in the third and fourth place'],
    ['xn--a.com', 'not a valid internationalised'],
    ['xn--abc-.com', 'starts or ends with a hyphen'],
    ['xn--zz.com', 'not a valid internationalised'],
    ['xn--ls8h.com', 'not a valid internationalised'],
    ['xn--1ch.com', 'not a valid internationalised'],
    ['xn--abc.com', 'not a valid internationalised'],
    ['xn--ber-ska.de', 'not a valid internationalised'],
    ['xn--ecole-6ed.fr', 'not a valid internationalised'],
    ['xn--a-wbb.com', 'not a valid internationalised'],
  ])('refuses %s: it is not a host name (%s)', (name, problem) => {
    expect(() => parseZoneName(name)).toThrow(problem);
    expect(() => parseZoneName(name)).toThrow('is not a host name');
  });

  it('accepts host names with inner hyphens and valid internationalised labels', () => {
    expect(parseZoneName('my-shop.example.com')).toBe('my-shop.example.com');
    expect(parseZoneName('1-2.example.com')).toBe('1-2.example.com');
    expect(parseZoneName('xn--mnchen-3ya.de')).toBe('xn--mnchen-3ya.de');
    expect(parseZoneName('münchen.de')).toBe('xn--mnchen-3ya.de');
    expect(parseZoneName('пример.рф')).toBe('xn--e1afmkfd.xn--p1ai');
    expect(parseZoneName('café.com')).toBe('xn--caf-dma.com');
    expect(parseZoneName('一.com')).toBe('xn--4gq.com');
  });
});
