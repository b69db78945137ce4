import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameToWire, recordType } from '@kaja/dns-model';
import { delv, writeTrustAnchor } from '@kaja/test-support/delv';
import { dig } from '@kaja/test-support/dig';
import { comparable, serveByBoth, type ServedByBoth } from './testing/knotComparison';
import { freshSettings, serveSignedZones, type SignedTestServer } from './testing/signedServer';
import { substitute } from './dname';
import { StaticTransferAccess } from './transferAccess';

const run = promisify(execFile);

// DNAME (RFC 6672) answered by our server and by Knot DNS from the same zone file, compared
// answer by answer with dig and kdig; the signed zone validated by delv.

/** A DNAME record in RFC 3597 form, which every reader takes whatever it knows of DNAME. */
const dname = (target: string) => {
  const wire = Buffer.from(nameToWire(target));
  return `DNAME \\# ${wire.length} ${wire.toString('hex')}`;
};
const longLabel = 'l'.repeat(63);
const longTarget = `${longLabel}.${longLabel}.${longLabel}.example.net`;
const zoneText = `$TTL 300
@ SOA ns1.example.com. hostmaster.example.com. 1 7200 3600 1209600 60
@ NS ns1
ns1 A 192.0.2.1
d 600 ${dname('target.example.com')}
www.target A 192.0.2.10
mail.target MX 10 www.target
*.wild A 192.0.2.20
dw ${dname('wild.example.com')}
out ${dname('example.net')}
sub NS ns.sub
ns.sub A 192.0.2.53
ds ${dname('sub.example.com')}
long ${dname(longTarget)}
*.star A 192.0.2.30
star-d.star ${dname('target.example.com')}
`;

const cases: [string, string][] = [
  ['www.d.example.com', 'A'],
  ['mail.d.example.com', 'MX'],
  ['www.d.example.com', 'CNAME'],
  ['www.d.example.com', 'DNAME'],
  ['missing.d.example.com', 'A'],
  ['www.d.example.com', 'TXT'],
  ['d.example.com', 'DNAME'],
  ['d.example.com', 'A'],
  ['a.b.dw.example.com', 'A'],
  ['host.out.example.com', 'A'],
  ['host.ds.example.com', 'A'],
  ['ab.long.example.com', 'A'],
  ['abcdefghij.long.example.com', 'A'],
  ['x.y.star.example.com', 'A'],
  ['www.star-d.star.example.com', 'A'],
  ['WWW.D.Example.COM', 'A'],
];

describe('DNAME compared with Knot DNS', () => {
  let both: ServedByBoth;
  beforeAll(async () => {
    both = await serveByBoth({ 'example.com': zoneText });
  });
  afterAll(() => both?.close());

  it.each(cases)('answers %s %s as Knot does (dig)', async (name, type) => {
    const [a, b] = await Promise.all([dig(both.ours.port, name, type, { args: ['+norec'] }), dig(both.knot.port, name, type, { args: ['+norec'] })]);
    expect(comparable(a)).toEqual(comparable(b));
  });

  it('answers over TCP with kdig as Knot does', async () => {
    for (const [name, type] of cases.slice(0, 4)) {
      const [a, b] = await Promise.all([
        dig(both.ours.port, name, type, { tcp: true, client: 'kdig', args: ['+norec'] }),
        dig(both.knot.port, name, type, { tcp: true, client: 'kdig', args: ['+norec'] }),
      ]);
      expect(comparable(a), `${name} ${type}`).toEqual(comparable(b));
    }
  });

  it('puts the DNAME and a CNAME with its TTL in the answer and follows the chain inside the zone', async () => {
    const response = await dig(both.ours.port, 'www.d.example.com', 'A', { args: ['+norec'] });
    expect(response.rcode).toBe('NOERROR');
    expect(response.answer).toEqual([
      'd.example.com. 600 IN DNAME target.example.com.',
      'www.d.example.com. 600 IN CNAME www.target.example.com.',
      'www.target.example.com. 300 IN A 192.0.2.10',
    ]);
  });

  it('answers YXDOMAIN with the DNAME alone when the new name would pass 255 octets', async () => {
    const response = await dig(both.ours.port, `${'a'.repeat(60)}.long.example.com`, 'A', { args: ['+norec'] });
    expect(response.rcode).toBe('YXDOMAIN');
    expect(response.answer).toEqual([`long.example.com. 300 IN DNAME ${longTarget}.`]);
  });

  it('leaves a name below a delegation to the child even when a DNAME redirects into it', async () => {
    const response = await dig(both.ours.port, 'host.ds.example.com', 'A', { args: ['+norec'] });
    expect(response.answer).toEqual(['ds.example.com. 300 IN DNAME sub.example.com.', 'host.ds.example.com. 300 IN CNAME host.sub.example.com.']);
    expect(response.authority).toEqual(['sub.example.com. 300 IN NS ns.sub.example.com.']);
    expect(response.additional).toContain('ns.sub.example.com. 300 IN A 192.0.2.53');
  });
});

describe('DNAME in a signed zone', () => {
  let server: SignedTestServer;
  let dir: string;
  let anchors: string;
  const settings = freshSettings(false);
  beforeAll(async () => {
    // Transfers to loopback, so the signed zone can be checked whole.
    const access = new StaticTransferAccess([], [{ zone: '*', cidr: '127.0.0.1' }]);
    server = await serveSignedZones(
      { 'example.com': { text: zoneText, settings } },
      { transfers: { access, signedRecords: (zone) => server.signing.signedTransfer(zone) } },
    );
    dir = mkdtempSync(join(tmpdir(), 'kaja-dname-'));
    anchors = join(dir, 'anchors.conf');
    await writeTrustAnchor(anchors, 'example.com', settings.keys[0]!);
    writeFileSync(join(dir, 'ksk.key'), `example.com. 3600 IN DNSKEY ${recordType('DNSKEY').fromWire(settings.keys[0]!.dnskey)}\n`);
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('signs the DNAME and not the CNAME made from it', async () => {
    const response = await dig(server.port, 'www.d.example.com', 'A', { args: ['+norec', '+dnssec'] });
    const rrsigs = response.answer.filter((line) => line.includes(' RRSIG '));
    expect(rrsigs.map((line) => line.split(' ')[4])).toEqual(['DNAME', 'A']);
    expect(response.answer.filter((line) => line.includes(' CNAME '))).toEqual(['www.d.example.com. 600 IN CNAME www.target.example.com.']);
  });

  it('validates with delv: the answer through the DNAME, a missing name behind it, and the DNAME itself', async () => {
    for (const [name, type, expected] of [
      ['www.d.example.com', 'A', /fully validated[\s\S]*www\.target\.example\.com\.\s+300\s+IN\s+A\s+192\.0\.2\.10/],
      ['mail.d.example.com', 'MX', /fully validated[\s\S]*MX\s+10 www\.target\.example\.com\./],
      ['missing.d.example.com', 'A', /resolution failed: ncache nxdomain|NXDOMAIN/i],
      ['d.example.com', 'DNAME', /fully validated[\s\S]*DNAME\s+target\.example\.com\./],
      ['a.b.dw.example.com', 'A', /fully validated[\s\S]*192\.0\.2\.20/],
    ] as const) {
      const out = await delv(server.port, anchors, 'example.com', name, type);
      expect(out, `${name} ${type}`).toMatch(expected);
      expect(out, `${name} ${type}`).not.toMatch(/validation failed|insecurity proof failed|broken trust chain/i);
    }
  });

  it('transfers the zone with its DNAMEs signed, and ldns-verify-zone finds every signature and the NSEC chain good', async () => {
    const { stdout } = await run('dig', ['@127.0.0.1', '-p', String(server.port), '+tries=1', '+time=5', 'example.com', 'AXFR'], { timeout: 15_000 });
    const lines = stdout.split('\n').filter((line) => line !== '' && !line.startsWith(';'));
    expect(lines.filter((line) => /\sRRSIG\s+DNAME\s/.test(line))).toHaveLength(6);
    const file = join(dir, 'example.com.axfr');
    // The SOA comes first and last in a transfer; a zone file has it once.
    writeFileSync(file, `${lines.slice(0, -1).join('\n')}\n`);
    const verified = await run('ldns-verify-zone', ['-k', join(dir, 'ksk.key'), file], { timeout: 30_000 }).then(
      ({ stdout: out, stderr }) => out + stderr,
      (error: { stdout?: string; stderr?: string }) => `failed: ${error.stdout ?? ''}${error.stderr ?? ''}`,
    );
    expect(verified).toMatch(/Zone is verified and complete/);
  });
});

describe('substitute', () => {
  it('replaces the owner by the target, and gives nothing past 255 octets', () => {
    expect(substitute('a.b.d.example.com', 'd.example.com', 'target.example.net')).toBe('a.b.target.example.net');
    expect(substitute('a.example.com', 'example.com', '')).toBe('a');
    expect(substitute('a.example.com', 'example.com', 'example.net')).toBe('a.example.net');
    const target = Array.from({ length: 3 }, () => 'x'.repeat(63)).join('.');
    expect(substitute(`${'a'.repeat(61)}.d.example.com`, 'd.example.com', target)).toBe(`${'a'.repeat(61)}.${target}`);
    expect(substitute(`${'a'.repeat(62)}.d.example.com`, 'd.example.com', target)).toBeUndefined();
  });
});
