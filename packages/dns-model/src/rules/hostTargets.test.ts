import { describe, expect, it } from 'vitest';
import { hostTargets } from './hostTargets';

describe('hostTargets', () => {
  it('refuses an address where a host name belongs, and names that are not host names', () => {
    expect(hostTargets.check('10 192.0.2.1.example.com.', 'MX')).toBe('MX must point to a host name, not an IP address');
    expect(hostTargets.check('2001:db8::1.example.com.', 'CNAME')).toBe('CNAME must point to a host name, not an IP address');
    expect(hostTargets.check('host.*.example.net.', 'NS')).toBe(
      'The NS target host.*.example.net. may only contain letters, digits, hyphens and underscores in its labels',
    );
    expect(hostTargets.check('1 2 443 _sip.example.net.', 'SRV')).toBeUndefined();
    expect(hostTargets.check('0 .', 'MX')).toBeUndefined();
  });
});
