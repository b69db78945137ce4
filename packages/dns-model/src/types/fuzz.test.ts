import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors';
import { recordType } from './index';

const samples: Record<string, string> = {
  A: '192.0.2.1',
  AAAA: '2001:db8::1',
  CNAME: 'www.example.com.',
  MX: '10 mail.example.com.',
  TXT: '"v=spf1 -all" "x"',
  NS: 'ns1.example.com.',
  SRV: '1 2 3 sip.example.com.',
  CAA: '0 issue "ca.example.net"',
  PTR: 'host.example.com.',
  ALIAS: 'lb.example.net.',
  HTTPS: '1 . alpn=h2,h3 port=443 ipv4hint=192.0.2.1 ech=AEj+DQBE ipv6hint=2001:db8::1',
  SVCB: '1 svc.example.com. mandatory=port port=853 key999=abc',
  TLSA: '3 1 1 ' + 'ab'.repeat(32),
  SSHFP: '4 2 ' + 'cd'.repeat(32),
  DS: '1 13 2 ' + 'ef'.repeat(32),
  NAPTR: '1 2 "S" "SIP+D2U" "" _sip._udp.example.com.',
  SOA: 'ns1.example.com. hostmaster.example.com. 1 2 3 4 5',
  DNSKEY: '257 3 13 AAECAwQFBgcICQ==',
  CDNSKEY: '257 3 13 AAECAwQFBgcICQ==',
  CDS: '1 13 2 ' + 'ef'.repeat(32),
  RRSIG: 'A 13 2 300 20300101000000 20240101000000 1 example.com. AAECAw==',
  NSEC: 'a.example.com. A NS SOA RRSIG NSEC DNSKEY TYPE65000',
  NSEC3: '1 1 0 aabb 2vptu5timamqttgl4luu9kg21e0aor3s A RRSIG',
  NSEC3PARAM: '1 0 0 -',
  TSIG: 'hmac-sha256. 1700000000 300 4 AAECAw== 1 0 0',
  TYPE65000: '\\# 2 abcd',
  DNAME: 'target.example.net.',
  SPF: '"v=spf1 -all"',
  URI: '10 1 "ftp://ftp1.example.com/public"',
  LOC: '52 22 23.000 N 4 53 32.000 E -2.00m 1.00m 10000.00m 10.00m',
  HINFO: '"x86_64" "Linux"',
  RP: 'admin.example.com. info.example.com.',
  OPENPGPKEY: 'mQENBFVHm5sBCACpH8TrDW3k',
  SMIMEA: '3 1 1 ' + 'ab'.repeat(32),
  CERT: 'PKIX 12345 8 MIIBIjANBgkqhkiG',
  AFSDB: '1 afsdb.example.net.',
  KX: '10 kx.example.net.',
  RT: '10 relay.example.net.',
  LP: '10 l64.example.net.',
  EUI48: '00-00-5e-00-53-2a',
  EUI64: '00-00-5e-ef-10-00-00-2a',
  IPSECKEY: '10 3 2 gateway.example.net. AQNRU3mG7TVTO2BkR47usntb',
  DHCID: 'AAIBY2/AuCccgoJbsaxcQc9TUapptP69lOjxfNuVAA2kjEA=',
  HIP: '2 200100107b1a74df365639cc39f1d578 AwEAAbdxyhNuSutc rvs.example.net.',
  APL: '1:192.168.32.0/21 !1:192.168.38.0/28 2:2001:db8::/32',
  CSYNC: '2024112501 3 A NS AAAA',
  ZONEMD: '2024112501 1 241 ' + '01'.repeat(48),
  NID: '10 0014:4fff:ff20:ee64',
  L32: '10 10.1.2.0',
  L64: '10 2001:0db8:1140:1000',
  X25: '"311061700956"',
  ISDN: '"150862028003217" "004"',
  MB: 'mailhost.example.net.',
  MG: 'member.example.net.',
  MR: 'renamed.example.net.',
  MINFO: 'list-request.example.net. list-errors.example.net.',
  KEY: '256 3 13 AAECAwQFBgcICQ==',
  TA: '1 13 2 ' + 'ef'.repeat(32),
  DLV: '1 13 2 ' + 'ef'.repeat(32),
  NINFO: '"zone status"',
  AVC: '"app-name:WOLFGANG|app-class:OAM"',
  RESINFO: '"qnamemin" "exterr=15-17"',
};

const wireTypes = Object.keys(samples);

describe('rdata decoding is safe on any octets', () => {
  for (const mnemonic of wireTypes) {
    it(`${mnemonic}: mutated and cut rdata give a canonical text or FormatError, nothing else`, () => {
      const type = recordType(mnemonic);
      const valid = type.toWire(samples[mnemonic]!);
      expect(type.fromWire(valid)).toBe(samples[mnemonic]);
      let seed = mnemonic.length * 7919;
      const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
      for (let i = 0; i < 2000; i++) {
        const bytes = valid.slice(0, random() % (valid.length + 2));
        for (let k = random() % 3; k >= 0 && bytes.length; k--) bytes[random() % bytes.length] = random() & 0xff;
        let text: string;
        try {
          text = type.fromWire(bytes);
        } catch (error) {
          if (!(error instanceof FormatError)) throw error;
          continue;
        }
        // What decodes must read back as the same octets (unless its content breaks a validation rule).
        try {
          expect([...type.toWire(text)]).toEqual([...bytes]);
        } catch (error) {
          if ((error as Error).name !== 'ValidationError') throw error;
        }
      }
    });
  }
});

describe('presentation parsing is safe on any text', () => {
  const alphabet = ' "\\.;:=,-_0123456789abcdefABCDEF+/xyz@*()\u00fc';
  for (const mnemonic of wireTypes) {
    it(`${mnemonic}: mangled text gives ValidationError or a canonical form that is stable`, () => {
      const type = recordType(mnemonic);
      let seed = mnemonic.length * 104729;
      const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
      for (let i = 0; i < 1000; i++) {
        const chars = [...samples[mnemonic]!];
        for (let k = random() % 3; k >= 0; k--) chars[random() % chars.length] = alphabet[random() % alphabet.length]!;
        let canonical: string;
        try {
          canonical = type.parse(chars.join(''), 'example.com', { zoneFile: true });
        } catch (error) {
          if ((error as Error).name !== 'ValidationError') throw error;
          continue;
        }
        expect(type.parse(canonical, 'example.com', { zoneFile: true })).toBe(canonical);
        expect(type.fromWire(type.toWire(canonical))).toBe(canonical);
      }
    });
  }
});
