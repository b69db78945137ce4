import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import { ALIAS_CODE, parseTtl, recordType, typeCode, typeName } from './index';

const origin = 'example.com';

/** [type, content as typed, canonical content] */
const accepted: [string, string, string][] = [
  ['A', '192.0.2.1', '192.0.2.1'],
  ['A', '0.0.0.0', '0.0.0.0'],
  ['A', '255.255.255.255', '255.255.255.255'],
  ['A', '10.100.0.9', '10.100.0.9'],
  ['AAAA', '2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
  ['AAAA', '2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
  ['AAAA', '2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
  ['AAAA', '::ffff:c000:201', '::ffff:192.0.2.1'],
  ['AAAA', '64:ff9b::192.0.2.1', '64:ff9b::c000:201'],
  ['AAAA', '::', '::'],
  ['CNAME', 'www', 'www.example.com.'],
  ['CNAME', 'Target.Example.NET.', 'target.example.net.'],
  ['MX', '10 mail', '10 mail.example.com.'],
  ['MX', '0 .', '0 .'],
  ['NS', 'ns1.example.net.', 'ns1.example.net.'],
  ['PTR', 'host.example.com.', 'host.example.com.'],
  ['ALIAS', 'lb.provider.net.', 'lb.provider.net.'],
  ['DNAME', 'Example.NET.', 'example.net.'],
  ['DNAME', 'moved', 'moved.example.com.'],
  ['ANAME', 'lb.provider.net.', 'lb.provider.net.'],
  ['SRV', '10 5 443 _fallback.example.com.', '10 5 443 _fallback.example.com.'],
  ['SRV', '0 0 0 .', '0 0 0 .'],
  ['TXT', 'v=spf1 include:_spf.example.net ~all', '"v=spf1 include:_spf.example.net ~all"'],
  ['TXT', '"a" "b c"', '"a" "b c"'],
  ['TXT', '"say \\"hi\\" \\\\ \\009"', '"say \\"hi\\" \\\\ \\009"'],
  ['TXT', 'x'.repeat(300), `"${'x'.repeat(255)}" "${'x'.repeat(45)}"`],
  ['TXT', '"ünïcode"', '"\\195\\188n\\195\\175code"'],
  ['CAA', '0 issue "letsencrypt.org"', '0 issue "letsencrypt.org"'],
  ['CAA', '0 issue ";"', '0 issue ";"'],
  ['CAA', '128 ISSUEWILD "ca.example.net; account=123"', '128 issuewild "ca.example.net; account=123"'],
  ['CAA', '0 iodef "mailto:security@example.com"', '0 iodef "mailto:security@example.com"'],
  ['CAA', '0 issuemail "ca.example.net"', '0 issuemail "ca.example.net"'],
  ['HTTPS', '1 . alpn=h3,h2 port=8443 ipv4hint=192.0.2.1,192.0.2.2', '1 . alpn=h3,h2 port=8443 ipv4hint=192.0.2.1,192.0.2.2'],
  ['HTTPS', '1 . ipv6hint=2001:db8::1 alpn="h2"', '1 . alpn=h2 ipv6hint=2001:db8::1'],
  ['HTTPS', '0 cdn.example.net.', '0 cdn.example.net.'],
  ['SVCB', '1 svc mandatory=alpn alpn=h2 no-default-alpn key667=hello', '1 svc.example.com. mandatory=alpn alpn=h2 no-default-alpn key667=hello'],
  ['SVCB', '2 svc ech=AEj+DQBE key1=h2', '2 svc.example.com. alpn=h2 ech=AEj+DQBE'],
  ['SVCB', '1 . alpn="f\\\\\\\\oo\\\\,bar,h2"', '1 . alpn=f\\\\\\\\oo\\\\,bar,h2'],
  ['TLSA', '3 1 1 ' + 'AB'.repeat(32), '3 1 1 ' + 'ab'.repeat(32)],
  ['TLSA', '3 0 0 30 82 01', '3 0 0 308201'],
  ['SSHFP', '1 1 ' + '12'.repeat(20), '1 1 ' + '12'.repeat(20)],
  ['DS', '12345 13 2 ' + 'ab'.repeat(32), '12345 13 2 ' + 'ab'.repeat(32)],
  ['CDS', '0 0 0 00', '0 0 0 00'],
  ['NAPTR', '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .', '100 10 "U" "E2U+sip" "!^.*$!sip:info@example.com!" .'],
  ['SOA', 'ns1 hostmaster 1 1h 15m 1w 5m', 'ns1.example.com. hostmaster.example.com. 1 3600 900 604800 300'],
  ['NSEC3PARAM', '1 0 0 -', '1 0 0 -'],
  ['NSEC3PARAM', '1 0 10 AABBCC', '1 0 10 aabbcc'],
  ['TYPE1234', '\\# 3 abcdef', '\\# 3 abcdef'],
  ['A', '\\# 4 c0000201', '192.0.2.1'],
  ['TSIG', 'hmac-sha256. 1700000000 300 4 AAECAw== 4242 0 0', 'hmac-sha256. 1700000000 300 4 AAECAw== 4242 0 0'],
];

/**
 * Data RFC 1035 and the type's RFC allow, read as written (as BIND and Knot read it): whether it is
 * good practice is for the rules of what customers write (`rules/`), not for the reader.
 */
const readAsWritten: [string, string, string][] = [
  ['CNAME', '192.0.2.1', '192.0.2.1.example.com.'],
  ['MX', '10 192.0.2.1', '10 192.0.2.1.example.com.'],
  ['MX', '10 2001:db8::1', '10 2001:db8::1.example.com.'],
  ['MX', '10 .', '10 .'],
  ['CAA', '0 issue "not a domain!"', '0 issue "not a domain!"'],
  ['CAA', '0 tbs "x"', '0 tbs "x"'],
  ['CAA', '3 issue "ca.example.net"', '3 issue "ca.example.net"'],
  ['TLSA', '4 1 1 ' + 'ab'.repeat(32), '4 1 1 ' + 'ab'.repeat(32)],
  ['SSHFP', '5 1 ' + '12'.repeat(20), '5 1 ' + '12'.repeat(20)],
  ['DS', '12345 13 3 ' + 'ab'.repeat(32), '12345 13 3 ' + 'ab'.repeat(32)],
  ['NAPTR', '100 10 "U" "E2U+sip" "!x!y!" host.example.com.', '100 10 "U" "E2U+sip" "!x!y!" host.example.com.'],
  ['CNAME', 'host.*.example.net.', 'host.*.example.net.'],
  ['CAA', '0 iodef "ftp://example.com/"', '0 iodef "ftp://example.com/"'],
  ['TLSA', '3 1 1 abcd', '3 1 1 abcd'],
  ['DS', '12345 13 2 abcd', '12345 13 2 abcd'],
];

/** [type, content, the message it must give] */
const rejected: [string, string, string][] = [
  ['A', '192.0.2', 'is not an IPv4 address'],
  ['A', '192.0.2.01', 'without leading zeros'],
  ['A', '256.1.1.1', 'is not an IPv4 address'],
  ['A', '192.0.2.1.', 'is not an IPv4 address'],
  ['A', '192.0.2.1.7', 'is not an IPv4 address'],
  ['A', '192..2.1', 'is not an IPv4 address'],
  ['A', '192.0.2.1000', 'is not an IPv4 address'],
  ['A', '192.0.2.00', 'without leading zeros'],
  ['A', '192.0.2.x', 'is not an IPv4 address'],
  ['A', '.192.0.2', 'is not an IPv4 address'],
  ['A', '', 'A record content is required'],
  ['A', '192.0.2.1 192.0.2.2', 'unexpected extra content'],
  ['AAAA', '2001:db8::1::2', 'is not an IPv6 address'],
  ['AAAA', '2001:db8:1:2:3:4:5:6:7', 'is not an IPv6 address'],
  ['AAAA', '192.0.2.1', 'is not an IPv6 address'],
  ['CNAME', 'a..b', 'empty label'],
  ['MX', 'mail.example.com.', 'must be a number'],
  ['MX', '70000 mail', 'MX priority must be at most 65535'],
  ['NS', '*.example.net.', 'a wildcard is not allowed here'],
  ['SRV', '10 5 mail.example.com.', 'must be a number'],
  ['SRV', '10 5 99999 x.example.com.', 'at most 65535'],
  ['TXT', '"unclosed', 'not closed'],
  ['HTTPS', '0 . alpn=h2', 'alias mode'],
  ['HTTPS', '1 . alpn', 'needs a value'],
  ['HTTPS', '1 . port=1 port=2', 'given twice'],
  ['HTTPS', '1 . mandatory=port', 'which is missing'],
  ['HTTPS', '1 . mandatory=mandatory', 'must not list itself'],
  ['HTTPS', '1 . no-default-alpn', 'needs alpn as well'],
  ['HTTPS', '1 . key65535=x', 'reserved'],
  ['HTTPS', '1 . colour=blue', 'Unknown SvcParam key'],
  ['HTTPS', '1 . ipv4hint=2001:db8::1', 'is not an IPv4 address'],
  ['TLSA', '3 1 0 xyz', 'hexadecimal'],
  ['DNSKEY', '257 2 13 AAAA', 'protocol must be 3'],
  ['DNSKEY', '257 3 13 not*base64', 'valid base64'],
  ['TYPE1234', 'abc', 'must be written as \\# <length> <hex>'],
  ['A', '\\# 3 c00002', 'rdata is not valid'],
  ['TYPE1234', '\\# 4 abcdef', 'not 4'],
  ['CAA', '0 is-sue "x"', 'CAA tag must be 1 to 15 letters and digits'],
  ['NAPTR', '100 10 "U+" "E2U+sip" "" host.example.com.', 'NAPTR flags must be letters and digits'],
  ['LOC', '91 N 0 E 0m', 'latitude degrees must be a whole number from 0 to 90'],
  ['LOC', '52 22 23 X 4 53 32 E 0m', 'latitude must end with N or S'],
  ['EUI48', '00-00-5e-00-53', 'is not an EUI-48 address'],
  ['URI', '10 1 ftp://example.com/', 'must be written in quotes'],
  ['IPSECKEY', '10 1 2 2001:db8::1 AQID', 'is not an IPv4 address'],
  ['APL', '3:192.0.2.0/24', 'family 3 is not 1 (IPv4) or 2 (IPv6)'],
  ['APL', '1:192.0.2.0/33', 'prefix length 33 is too long'],
  ['NID', '10 1:2:3', 'is not a 64-bit identifier'],
];

describe('record content validation', () => {
  for (const [type, input, canonical] of accepted) {
    it(`accepts ${type} ${input.slice(0, 50)}`, () => {
      const t = recordType(type);
      expect(t.parse(input, origin)).toBe(canonical);
      // The canonical form reads back as itself, and survives the wire.
      expect(t.parse(canonical, origin)).toBe(canonical);
      expect(t.fromWire(t.toWire(canonical))).toBe(canonical);
    });
  }

  for (const [type, input, canonical] of readAsWritten) {
    it(`reads ${type} ${input.slice(0, 50)} as written`, () => {
      const t = recordType(type);
      expect(t.parse(input, origin)).toBe(canonical);
      expect(t.fromWire(t.toWire(canonical))).toBe(canonical);
    });
  }

  for (const [type, input, message] of rejected) {
    it(`rejects ${type} "${input.slice(0, 40)}": ${message}`, () => {
      const t = recordType(type);
      expect(() => t.parse(input, origin)).toThrow(ValidationError);
      expect(() => t.parse(input, origin)).toThrow(message);
    });
  }

  it('reads unquoted TXT words as separate strings in zone files', () => {
    expect(recordType('TXT').parse('a b', origin, { zoneFile: true })).toBe('"a" "b"');
    expect(recordType('TXT').parse('a b', origin)).toBe('"a b"');
  });

  it('rejects unknown type names', () => {
    expect(() => recordType('FOO')).toThrow('Unknown record type FOO');
  });

  it('gives ALIAS a code no wire type or TYPEnnn can name, and accepts ANAME as its name', () => {
    expect(typeCode('ANAME')).toBe(ALIAS_CODE);
    expect(typeName(ALIAS_CODE)).toBe('ALIAS');
    expect(ALIAS_CODE).toBeGreaterThan(0xffff);
    expect(typeName(65300)).toBe('TYPE65300');
    expect(typeCode('TYPE65300')).toBe(65300);
    expect(typeName(1234)).toBe('TYPE1234');
  });
});

describe('TTL', () => {
  it('reads seconds and BIND units', () => {
    expect(parseTtl('3600')).toBe(3600);
    expect(parseTtl('1h30m')).toBe(5400);
    expect(parseTtl('1W2d')).toBe(604800 + 172800);
    expect(() => parseTtl('1x')).toThrow('TTL must be a number of seconds');
    expect(() => parseTtl('-5')).toThrow('TTL must be');
    expect(() => parseTtl('4294967295')).toThrow('at most 2147483647');
  });
});

describe('rdata from the wire', () => {
  it('rejects rdata with extra or missing octets with FormatError', () => {
    expect(() => recordType('A').fromWire(Uint8Array.from([1, 2, 3]))).toThrow('message ends');
    expect(() => recordType('A').fromWire(Uint8Array.from([1, 2, 3, 4, 5]))).toThrow('extra octets');
    expect(() => recordType('HTTPS').fromWire(Uint8Array.from([0, 1, 0, 0, 3, 0, 2, 1, 187, 0, 3, 0, 2, 1, 187]))).toThrow('out of order');
    expect(() => recordType('CAA').fromWire(Uint8Array.from([0, 2, 0x21, 0x21]))).toThrow('not valid');
  });
});
