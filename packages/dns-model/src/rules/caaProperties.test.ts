import { describe, expect, it } from 'vitest';
import { caaProperties } from './caaProperties';

describe('caaProperties', () => {
  it('refuses tags, flags and values certificate authorities do not read', () => {
    expect(caaProperties.check('0 tbs "x"', 'CAA')).toBe('CAA tag must be issue, issuewild, iodef or issuemail, not "tbs"');
    expect(caaProperties.check('3 issue "ca.example.net"', 'CAA')).toBe('The CAA flags must be 0 or 128 (critical)');
    expect(caaProperties.check('0 issue "not a domain!"', 'CAA')).toBe(
      'CAA issue value must start with the domain of a certificate authority, not "not a domain!"',
    );
    expect(caaProperties.check('0 issue "ca.example.net; bad param"', 'CAA')).toBe('CAA issue parameter "bad param" must look like key=value');
    expect(caaProperties.check('0 iodef "ftp://example.com/"', 'CAA')).toBe('CAA iodef value must be a mailto:, http: or https: URL');
    expect(caaProperties.check('128 issuewild "ca.example.net; account=123"', 'CAA')).toBeUndefined();
    expect(caaProperties.check('0 issue ";"', 'CAA')).toBeUndefined();
  });
});
