import { describe, expect, it } from 'vitest';
import { addressesOf, hostnamesOf } from './dyndns';

describe('the host names of a dyndns2 update', () => {
  it('are the hostname list, else the basic-auth user name unless it is an e-mail address', () => {
    expect(hostnamesOf('a.example.com, b.example.com,', 'router')).toEqual(['a.example.com', 'b.example.com']);
    expect(hostnamesOf(undefined, 'home.example.com')).toEqual(['home.example.com']);
    expect(hostnamesOf('', 'ada@example.com')).toEqual([]);
    expect(hostnamesOf(undefined, undefined)).toEqual([]);
  });
});

describe('the addresses of a dyndns2 update', () => {
  it('read myip by family and myipv6, in canonical form', () => {
    expect(addressesOf({ myip: '192.0.2.1' }, '127.0.0.1')).toEqual({ A: '192.0.2.1' });
    expect(addressesOf({ myip: '2001:DB8:0::1' }, '127.0.0.1')).toEqual({ AAAA: '2001:db8::1' });
    expect(addressesOf({ myip: '192.0.2.1,2001:db8::1' }, '127.0.0.1')).toEqual({ A: '192.0.2.1', AAAA: '2001:db8::1' });
    expect(addressesOf({ myip: '192.0.2.1', myipv6: '2001:db8::2' }, '127.0.0.1')).toEqual({ A: '192.0.2.1', AAAA: '2001:db8::2' });
  });

  it('take the client’s address when none is given (a FRITZ!Box without IPv6 sends an empty one), an IPv4-mapped one as IPv4', () => {
    expect(addressesOf({}, '::ffff:198.51.100.7')).toEqual({ A: '198.51.100.7' });
    expect(addressesOf({ myip: '', myipv6: '' }, '2001:db8::9')).toEqual({ AAAA: '2001:db8::9' });
    expect(addressesOf({ myip: '192.0.2.1,' }, '2001:db8::9')).toEqual({ A: '192.0.2.1' });
  });

  it('refuse what is not an address, IPv4 in myipv6, and two addresses of one family', () => {
    expect(() => addressesOf({ myip: 'home' }, '127.0.0.1')).toThrow('myip: home is not an IPv4 or IPv6 address');
    expect(() => addressesOf({ myipv6: '192.0.2.1' }, '127.0.0.1')).toThrow('myipv6: 192.0.2.1 is not an IPv6 address');
    expect(() => addressesOf({ myip: '192.0.2.1,192.0.2.2' }, '127.0.0.1')).toThrow('one IPv4 address per update, not 192.0.2.1 and 192.0.2.2');
  });
});
