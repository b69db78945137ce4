import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { recordType } from '../types/index';
import { typeCode } from '../types/typeCodes';
import { parseZoneFile, readZoneFile, type ZoneFileRecord } from './parse';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** `count` copies of `text`, each with 20 characters replaced by ones a zone file gives meaning to, from a fixed seed. */
function* mangled(text: string, seed: number, count: number): Generator<string> {
  const alphabet = ' \t\n();"\\$@*.0123456789abcdefxyzINAMXTSVC:=-_ü';
  const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
  for (let i = 0; i < count; i++) {
    const chars = [...text];
    for (let k = 0; k < 20; k++) chars[random() % chars.length] = alphabet[random() % alphabet.length]!;
    yield chars.join('');
  }
}

describe('parseZoneFile', () => {
  it('reads a registrar export: $TTL with units, parentheses, comments, blank owners, class and TTL in either order', () => {
    const { records, errors } = parseZoneFile(fixture('shop.example.zone'), { origin: 'shop.example' });
    expect(errors).toEqual([]);
    expect(records).toHaveLength(26);
    expect(records[0]).toEqual({
      name: 'shop.example',
      type: 'SOA',
      ttl: 3600,
      content: 'ns1.dnshost.example. hostmaster.shop.example. 2024031501 7200 1800 1209600 300',
    });
    expect(records).toContainEqual({ name: 'shop.example', type: 'NS', ttl: 3600, content: 'ns2.dnshost.example.' });
    expect(records).toContainEqual({ name: 'shop.example', type: 'AAAA', ttl: 300, content: '2001:db8::10' });
    expect(records).toContainEqual({ name: 'www.shop.example', type: 'CNAME', ttl: 300, content: 'shop.example.' });
    expect(records).toContainEqual({ name: 'cdn.shop.example', type: 'CNAME', ttl: 3600, content: 'shop-example.cdn.example.net.' });
    expect(records).toContainEqual({ name: 'static.shop.example', type: 'CNAME', ttl: 3600, content: 'cdn.shop.example.' });
    expect(records).toContainEqual({ name: 'vpn.shop.example', type: 'AAAA', ttl: 3600, content: '2001:db8:1::8' });
    expect(records).toContainEqual({ name: '*.preview.shop.example', type: 'A', ttl: 3600, content: '203.0.113.20' });
    const dkim = records.find((r) => r.name === 'selector1._domainkey.shop.example')!;
    expect(dkim.content.split('" "')).toHaveLength(4);
  });

  it('reads delegations, service bindings, escapes and a $ORIGIN switch', () => {
    const { records, errors } = parseZoneFile(fixture('lab.example.zone'), { origin: 'lab.example' });
    expect(errors).toEqual([]);
    expect(records).toContainEqual({ name: 'lab.example', type: 'SOA', ttl: 3600, content: 'ns1.lab.example. hostmaster.lab.example. 7 3600 900 1209600 300' });
    expect(records).toContainEqual({ name: 'dev.lab.example', type: 'NS', ttl: 86400, content: 'ns1.dev.lab.example.' });
    expect(records).toContainEqual({ name: 'lab.example', type: 'HTTPS', ttl: 300, content: '1 . alpn=h3,h2 ipv4hint=192.0.2.80 ipv6hint=2001:db8::80' });
    expect(records).toContainEqual({
      name: '_8443._foo.api.lab.example',
      type: 'SVCB',
      ttl: 300,
      content: '1 api.lab.example. mandatory=alpn,port alpn=h2 port=8443',
    });
    expect(records).toContainEqual({
      name: 'note.lab.example',
      type: 'TXT',
      ttl: 86400,
      content: '"semicolons; \\"quotes\\" and a tab\\009inside" "plain-word"',
    });
    expect(records).toContainEqual({ name: 'portal.apps.lab.example', type: 'CNAME', ttl: 86400, content: 'www.lab.example.' });
    expect(records).toContainEqual({ name: '*.apps.lab.example', type: 'A', ttl: 600, content: '192.0.2.90' });
    expect(records.filter((r) => r.type === 'SSHFP')).toHaveLength(2);
  });

  it("keeps each record's rdata when asked, the same as its content in wire form", () => {
    const text = `$TTL 300
@ SOA ns1 hostmaster 1 7200 3600 1209600 300
@ MX 10 mail
www CNAME @
txt TXT "a b" c
_sip._tcp SRV 10 60 5060 sip
svc HTTPS 1 . alpn=h2,h3
raw TYPE65280 \\# 2 abcd
`;
    const { records, errors } = parseZoneFile(text, { origin: 'example.com', wire: true });
    expect(errors).toEqual([]);
    expect(records).toHaveLength(7);
    for (const r of records) expect(Buffer.from(r.rdata!).toString('hex')).toBe(Buffer.from(recordType(typeCode(r.type)).toWire(r.content)).toString('hex'));
    expect(parseZoneFile(text, { origin: 'example.com' }).records.every((r) => r.rdata === undefined)).toBe(true);
  });

  it('keeps rdata that is its content in wire form, for every type, escape, directive and mangled line', () => {
    const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
    const sameWire = (records: ZoneFileRecord[]) => {
      for (const r of records) expect(hex(r.rdata!), `${r.name} ${r.type} ${r.content}`).toBe(hex(recordType(typeCode(r.type)).toWire(r.content)));
    };
    for (const name of ['every-type.zone', 'more-types.zone']) {
      const { records, errors } = parseZoneFile(fixture(name), { origin: 'every-type.example', wire: true });
      expect(errors).toEqual([]);
      sameWire(records);
    }
    const edges = String.raw`$TTL 1h
a\.b CNAME c\.d
A\065 NS Ns1.Example.NET.
$ORIGIN sub
@ MX 0 @
x DNAME .
$ORIGIN other.example.com.
*.w PTR \@x.
y TXT unquoted words "and \"quoted\"" \059
$INCLUDE other.zone
y TXT "not closed
$ORIGIN example.com.
z SRV 0 0 0 .
`;
    const edge = parseZoneFile(edges, { origin: 'example.com', wire: true });
    expect(edge.records.map((r) => `${r.name} ${r.content}`)).toEqual([
      'a\\.b.example.com c\\.d.example.com.',
      'aa.example.com ns1.example.net.',
      'sub.example.com 0 sub.example.com.',
      'x.sub.example.com .',
      '*.w.other.example.com \\@x.',
      'y.other.example.com "unquoted" "words" "and \\"quoted\\"" ";"',
      'z.example.com 0 0 0 .',
    ]);
    expect(edge.errors.map((e) => e.line)).toEqual([10, 11]);
    sameWire(edge.records);
    const base = fixture('lab.example.zone') + fixture('every-type.zone').replace(/^\$ORIGIN.*$/m, '');
    for (const text of mangled(base, 7, 100)) sameWire(parseZoneFile(text, { origin: 'lab.example', defaultTtl: 300, wire: true }).records);
  });

  it('reads one record at a time, and the bad lines at the end, as parseZoneFile has them', () => {
    const text = fixture('broken.example.zone');
    const reading = readZoneFile(text, { origin: 'broken.example', maxErrors: 2 });
    const records: ZoneFileRecord[] = [];
    let next = reading.next();
    for (; !next.done; next = reading.next()) records.push(next.value);
    expect({ records, ...next.value }).toEqual(parseZoneFile(text, { origin: 'broken.example', maxErrors: 2 }));
    expect(next.value.errors.map((e) => e.line)).toEqual([6, 7]);
    expect(next.value.errorCount).toBe(7);
  });

  it('reports every bad line with its number and keeps the good records', () => {
    const { records, errors } = parseZoneFile(fixture('broken.example.zone'), { origin: 'broken.example' });
    expect(errors).toEqual([
      { line: 6, message: '"192.0.2.300" is not an IPv4 address (four numbers 0-255 without leading zeros)' },
      { line: 7, message: 'The MX priority must be a number, not "mail.broken.example."' },
      { line: 8, message: '$INCLUDE is not supported: paste the included records into this file instead' },
      { line: 10, message: 'A quoted string is not closed on its line' },
      { line: 11, message: 'Unknown record type FOO' },
      { line: 12, message: 'other.example is outside the zone broken.example' },
      { line: 13, message: 'The parenthesis opened on line 13 is not closed' },
    ]);
    expect(records.map((r) => r.name)).toEqual(['broken.example', 'broken.example', 'ns1.broken.example', 'ok.broken.example']);
  });

  it('keeps the first maxErrors bad lines and counts them all', () => {
    const text = ['good 300 IN A 192.0.2.1', ...Array.from({ length: 7 }, (_, i) => `bad${i} 300 IN A 192.0.2.${300 + i}`), 'also 300 IN A 192.0.2.2'].join(
      '\n',
    );
    const parsed = parseZoneFile(text, { origin: 'example.com', maxErrors: 3 });
    expect(parsed.errorCount).toBe(7);
    expect(parsed.errors.map((error) => error.line)).toEqual([2, 3, 4]);
    expect(parsed.records.map((record) => record.name)).toEqual(['good.example.com', 'also.example.com']);
    expect(parseZoneFile(text, { origin: 'example.com' }).errors).toHaveLength(7);
  });

  it('refuses $GENERATE and other classes', () => {
    const { errors } = parseZoneFile('$GENERATE 1-10 host$ A 192.0.2.$\nx CH TXT "a"\n', { origin: 'example.com', defaultTtl: 60 });
    expect(errors).toEqual([
      { line: 1, message: '$GENERATE is not supported: write the generated records out instead' },
      { line: 2, message: 'Only class IN is supported, not CH' },
    ]);
  });

  it('needs a TTL from somewhere and an owner on the first record', () => {
    expect(parseZoneFile('www IN A 192.0.2.1\n', { origin: 'example.com' }).errors).toEqual([{ line: 1, message: 'The record has no TTL and no $TTL is set' }]);
    expect(parseZoneFile('  IN A 192.0.2.1\n', { origin: 'example.com', defaultTtl: 60 }).errors).toEqual([
      { line: 1, message: 'The first record must name its owner' },
    ]);
    expect(parseZoneFile('www 300 IN A 192.0.2.1\nwww IN A 192.0.2.2\n', { origin: 'example.com' }).records.map((r) => r.ttl)).toEqual([300, 300]);
  });

  it('reads type names case-insensitively, ANAME as ALIAS, and RFC 3597 forms', () => {
    const { records, errors } = parseZoneFile('@ 60 in aname lb.example.net.\nx 60 TYPE1 \\# 4 C0000201\ny 60 TYPE999 \\# 0\n', { origin: 'example.com' });
    expect(errors).toEqual([]);
    expect(records).toEqual([
      { name: 'example.com', type: 'ALIAS', ttl: 60, content: 'lb.example.net.' },
      { name: 'x.example.com', type: 'A', ttl: 60, content: '192.0.2.1' },
      { name: 'y.example.com', type: 'TYPE999', ttl: 60, content: '\\# 0' },
    ]);
  });

  it('reads TYPE65300 (private use, RFC 6895) as an unknown type like any other, never as ALIAS', () => {
    const { records, errors } = parseZoneFile('p 60 TYPE65300 \\# 4 0A000001\n', { origin: 'example.com' });
    expect(errors).toEqual([]);
    expect(records).toEqual([{ name: 'p.example.com', type: 'TYPE65300', ttl: 60, content: '\\# 4 0a000001' }]);
  });

  it('reads what RFC 1035 and RFC 4592 allow, leaving good practice to the rules of what customers write', () => {
    const text = [
      '$TTL 300',
      'host.*.sub A 192.0.2.1',
      '@ MX 10 .',
      'x CAA 0 tbs "unknown tag"',
      'y TYPE65280 \\# 2 abcd',
      'z LOC \\# 16 001216138b3cf018810cbce0009895b8',
    ].join('\n');
    const { records, errors } = parseZoneFile(text, { origin: 'example.com' });
    expect(errors).toEqual([]);
    expect(records).toEqual([
      { name: 'host.*.sub.example.com', type: 'A', ttl: 300, content: '192.0.2.1' },
      { name: 'example.com', type: 'MX', ttl: 300, content: '10 .' },
      { name: 'x.example.com', type: 'CAA', ttl: 300, content: '0 tbs "unknown tag"' },
      { name: 'y.example.com', type: 'TYPE65280', ttl: 300, content: '\\# 2 abcd' },
      { name: 'z.example.com', type: 'LOC', ttl: 300, content: '52 22 23.000 N 4 53 32.000 E -2.00m 1.00m 10000.00m 10.00m' },
    ]);
  });

  it('reads a file saved on Windows: byte-order mark and CRLF line ends', () => {
    const { records, errors } = parseZoneFile('\ufeff$TTL 300\r\nwww IN A 192.0.2.1 ; web\r\n  IN TXT "x"\r\n', { origin: 'example.com' });
    expect(errors).toEqual([]);
    expect(records).toEqual([
      { name: 'www.example.com', type: 'A', ttl: 300, content: '192.0.2.1' },
      { name: 'www.example.com', type: 'TXT', ttl: 300, content: '"x"' },
    ]);
  });

  it('never throws on mangled input: every problem is a line error', () => {
    const base = fixture('lab.example.zone') + fixture('shop.example.zone').replace(/^\$ORIGIN.*$/m, '');
    for (const text of mangled(base, 99, 300)) {
      const { records, errors } = parseZoneFile(text, { origin: 'lab.example', defaultTtl: 300 });
      expect(records.length + errors.length).toBeGreaterThan(0);
    }
  });
});
