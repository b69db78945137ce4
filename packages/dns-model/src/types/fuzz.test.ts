import { describe, expect, it } from 'vitest';
import { FormatError } from '../errors';
import { customerTypes, recordType } from './index';

const wireTypes = [...customerTypes, 'SOA', 'DNSKEY', 'CDNSKEY', 'CDS', 'RRSIG', 'NSEC', 'NSEC3', 'NSEC3PARAM', 'TSIG', 'TYPE65000'];

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
};

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
