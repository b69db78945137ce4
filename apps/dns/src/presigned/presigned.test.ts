import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delv } from '@kaja/test-support/delv';
import { dig } from '@kaja/test-support/dig';
import { startKnot, type KnotServer } from '@kaja/test-support/knot';
import { serveZones, type TestServer } from '../testing/server';
import { loadZoneText } from '../zoneFile';
import { isPresigned } from './presignedAnswers';
import { presignedNotes } from './startup';

/*
 * Zone files signed by BIND's dnssec-signzone (NSEC, NSEC3, NSEC3 with opt-out), served as they
 * are and validated by delv from the zone's own DS; Knot serves the same files in the same run and
 * delv must reach the same verdict through both.
 */

const run = promisify(execFile);

const UNSIGNED = `$TTL 300
@ SOA ns1 hostmaster 7 7200 3600 1209600 60
@ NS ns1
ns1 A 192.0.2.1
www A 192.0.2.80
svc SVCB 1 www
*.w TXT "wild"
a.b.c TXT "deep"
sub NS ns.sub
sub DS 12345 13 2 0000000000000000000000000000000000000000000000000000000000000000
ns.sub A 192.0.2.53
insecure NS ns.elsewhere.net.
`;

const variants = {
  nsec: { zone: 'nsec.presigned.test', args: [] as string[] },
  nsec3: { zone: 'nsec3.presigned.test', args: ['-3', '-'] },
  optout: { zone: 'optout.presigned.test', args: ['-3', '-', '-A'] },
};
type Variant = keyof typeof variants;

let dir: string;
let server: TestServer;
let knot: KnotServer;
const signed: Record<string, string> = {};
const anchors: Record<string, string> = {};

async function sign(zone: string, args: string[]): Promise<void> {
  const ksk = (await run('dnssec-keygen', ['-q', '-K', dir, '-a', 'ECDSAP256SHA256', '-f', 'KSK', zone], { timeout: 60_000 })).stdout.trim();
  const zsk = (await run('dnssec-keygen', ['-q', '-K', dir, '-a', 'ECDSAP256SHA256', zone], { timeout: 60_000 })).stdout.trim();
  const keys = await Promise.all([ksk, zsk].map((k) => readFile(join(dir, `${k}.key`), 'utf8')));
  const input = join(dir, `${zone}.unsigned`);
  await writeFile(input, UNSIGNED + keys.join('\n').replace(/^;.*$/gm, ''));
  const output = join(dir, `${zone}.zone`);
  await run('dnssec-signzone', ['-q', '-K', dir, '-d', dir, '-o', zone, ...args, '-f', output, input, join(dir, ksk), join(dir, zsk)], { timeout: 60_000 });
  signed[zone] = await readFile(output, 'utf8');
  const ds = (await run('dnssec-dsfromkey', ['-2', join(dir, `${ksk}.key`)], { timeout: 30_000 })).stdout.trim().split(/\s+/);
  anchors[zone] = join(dir, `${zone}.anchors`);
  await writeFile(anchors[zone], `trust-anchors {\n  ${zone}. static-ds ${ds[3]} ${ds[4]} ${ds[5]} "${ds.slice(6).join('')}";\n};\n`);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kaja-presigned-'));
  for (const { zone, args } of Object.values(variants)) await sign(zone, args);
  server = await serveZones(signed);
  const zones = Object.keys(signed);
  knot = await startKnot(
    () => `zone:\n${zones.map((zone) => `  - domain: ${zone}\n    file: ${join(dir, `${zone}.zone`)}\n    zonefile-sync: -1\n`).join('')}`,
  );
  // Knot loads zones after it starts: wait until each one answers.
  for (const zone of zones) {
    for (let i = 0; ; i++) {
      const answer = await dig(knot.port, zone, 'SOA').catch(() => undefined);
      if (answer?.rcode === 'NOERROR') break;
      if (i > 100) throw new Error(`knotd did not load ${zone}:\n${knot.log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  await knot?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** delv's verdict (its first `; ...` line) for a question, asking the server at `port`. */
async function verdict(port: number, zone: string, name: string, type: string): Promise<string> {
  const out = await delv(port, anchors[zone]!, zone, name === '@' ? zone : `${name}.${zone}`, type);
  return /^; ([a-z].*)$/m.exec(out)?.[1] ?? out;
}

const SECURE = 'fully validated';
const NEGATIVE = 'negative response, fully validated';

describe('presigned zones validated by delv', () => {
  const questions: [string, string, string, Variant[]?][] = [
    ['www', 'A', SECURE],
    ['@', 'DNSKEY', SECURE],
    ['@', 'SOA', SECURE],
    ['www', 'TXT', NEGATIVE], // NODATA
    ['c', 'A', NEGATIVE], // NODATA at an empty non-terminal
    ['nothere', 'A', NEGATIVE], // NXDOMAIN
    ['a.x.b.c', 'A', NEGATIVE], // NXDOMAIN below an empty non-terminal (closest encloser b.c)
    ['x.w', 'TXT', SECURE, ['nsec', 'nsec3']], // wildcard answer
    // The NSEC3 that covers the next closer name has opt-out set: validators treat the wildcard answer as insecure.
    ['x.w', 'TXT', 'unsigned answer', ['optout']],
    ['x.w', 'A', NEGATIVE], // wildcard NODATA
    ['sub', 'DS', SECURE], // DS of a secure delegation
    ['insecure', 'DS', NEGATIVE], // no DS: NSEC, NSEC3, or the opt-out span
  ];
  for (const variant of Object.keys(variants) as Variant[]) {
    const zone = variants[variant].zone;
    it(`${variant}: every answer validates as it does through Knot serving the same file`, async () => {
      const asked = questions.filter(([, , , only]) => !only || only.includes(variant));
      const ours = await Promise.all(asked.map(([name, type]) => verdict(server.port, zone, name, type)));
      const knots = await Promise.all(asked.map(([name, type]) => verdict(knot.port, zone, name, type)));
      asked.forEach(([name, type, expected], i) => {
        expect(`${name} ${type}: ${ours[i]}`).toBe(`${name} ${type}: ${expected}`);
        expect(`${name} ${type}: ${ours[i]}`).toBe(`${name} ${type}: ${knots[i]}`);
      });
    }, 90_000);

    it(`${variant}: referrals carry the DS and its RRSIG, or the signed proof that there is none`, async () => {
      const types = (lines: string[]) => lines.map((line) => line.split(' ')[3]).sort();
      const secure = await dig(server.port, `x.sub.${zone}`, 'A', { args: ['+dnssec', '+norec'] });
      expect(secure.flags).not.toContain('aa');
      expect(types(secure.authority)).toEqual(['DS', 'NS', 'RRSIG']);
      expect(secure.authority.find((line) => / RRSIG /.test(line))).toMatch(/ RRSIG DS 13 /);
      const insecure = await dig(server.port, `x.insecure.${zone}`, 'A', { args: ['+dnssec', '+norec'] });
      const knots = await dig(knot.port, `x.insecure.${zone}`, 'A', { args: ['+dnssec', '+norec'] });
      expect(types(insecure.authority)).toEqual(types(knots.authority));
      expect(types(insecure.authority)).toContain(variant === 'nsec' ? 'NSEC' : 'NSEC3');
      expect(types(insecure.authority)).not.toContain('DS');
      if (variant === 'optout') expect(insecure.authority.find((line) => / NSEC3 /.test(line))).toMatch(/ NSEC3 1 1 /);
    });
  }

  it('additional-section addresses come with their stored RRSIGs (RFC 4035 3.1.1), as from Knot; glue without', async () => {
    for (const { zone } of Object.values(variants)) {
      const types = (lines: string[]) => lines.map((line) => line.split(' ').slice(0, 5).join(' ')).sort();
      const ns = await dig(server.port, zone, 'NS', { args: ['+dnssec', '+norec'] });
      expect(types(ns.additional)).toEqual([`ns1.${zone}. 300 IN A 192.0.2.1`, `ns1.${zone}. 300 IN RRSIG A`]);
      expect(types(ns.additional)).toEqual(types((await dig(knot.port, zone, 'NS', { args: ['+dnssec', '+norec'] })).additional));
      const referral = await dig(server.port, `x.sub.${zone}`, 'A', { args: ['+dnssec', '+norec'] });
      expect(types(referral.additional)).toEqual([`ns.sub.${zone}. 300 IN A 192.0.2.53`]);
    }
  });

  it("an SVCB answer's additional section proves what its target lacks with the stored NSEC or NSEC3 (RFC 9460 4.2), as from Knot", async () => {
    for (const [variant, { zone }] of Object.entries(variants)) {
      const lines = (all: string[]) => all.map((line) => line.split(' ').slice(0, 5).join(' ')).sort();
      const ours = await dig(server.port, `svc.${zone}`, 'SVCB', { args: ['+dnssec', '+norec'] });
      const knots = await dig(knot.port, `svc.${zone}`, 'SVCB', { args: ['+dnssec', '+norec'] });
      const denial = variant === 'nsec' ? 'NSEC' : 'NSEC3';
      // www has an A record, neither AAAA nor SVCB.
      expect(ours.additional.map((line) => line.split(' ')[3]).sort()).toEqual(['A', denial, 'RRSIG', 'RRSIG'].sort());
      expect(lines(ours.additional)).toEqual(lines(knots.additional));
      expect(ours.additional.filter((line) => line.split(' ')[3] === denial)).toEqual(knots.additional.filter((line) => line.split(' ')[3] === denial));
    }
  });

  it('answers without DO carry no signatures, and the hashed NSEC3 owners are no names of the zone', async () => {
    const zone = variants.nsec3.zone;
    const plain = await dig(server.port, `www.${zone}`, 'A');
    expect(plain.answer).toEqual([`www.${zone}. 300 IN A 192.0.2.80`]);
    const nsec3Owner = /^(\S+) \d+ IN NSEC3 /m.exec(signed[zone]!.replace(/[ \t]+/g, ' '))![1]!;
    const hashed = await dig(server.port, nsec3Owner, 'A', { args: ['+dnssec'] });
    expect(hashed.rcode).toBe('NXDOMAIN');
    expect((await dig(server.port, nsec3Owner, 'NSEC3', { args: ['+dnssec'] })).rcode).toBe('NXDOMAIN');
  });
});

describe('presigned zone detection', () => {
  it('tells a signed zone file from an unsigned one, and says so at start', () => {
    const zone = variants.nsec3.zone;
    const loaded = loadZoneText(zone, signed[zone]!);
    expect(isPresigned(loaded)).toBe(true);
    expect(presignedNotes(loaded, false)).toEqual([
      `${zone} is presigned (DNSKEY and RRSIG records in the file, NSEC3): served with its own signatures, not signed here`,
    ]);
    expect(() => presignedNotes(loaded, true)).toThrow(/signed already/);
    const unsigned = loadZoneText('plain.test', UNSIGNED.replace(/^sub DS.*\n/m, ''));
    expect(isPresigned(unsigned)).toBe(false);
    expect(presignedNotes(unsigned, true)).toEqual([]);
  });
});
