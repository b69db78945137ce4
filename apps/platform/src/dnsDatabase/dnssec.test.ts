// DNSSEC end to end: signing turned on, switched to NSEC3, keys rolled and signing turned off,
// all through the API over HTTP; BIND's delv, trusting only the DS the API hands out, validates
// what the node on the database answers after each step.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createZone } from '@kaja/api/testing/zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delv, writeDsTrustAnchor } from '@kaja/test-support/delv';
import { dig } from '@kaja/test-support/dig';
import { coverageZoneText, signThroughApi, startApiWithNode, type ApiWithNode } from './testing';

const validated = /; fully validated/;
const negative = /; negative response, fully validated/;

describe(`DNSSEC through the API, validated by delv against the database node (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let kit: ApiWithNode;
  let dir: string;
  beforeAll(async () => {
    kit = await startApiWithNode({ env: { DNSSEC_KEY_REMOVAL_DELAY: '1' } });
    dir = await mkdtemp(join(tmpdir(), 'dns-database-dnssec-'));
  });
  afterAll(async () => {
    await kit?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A zone with the records above, signed through the API; delv trusts the DS the API gives for it. */
  async function signedZone(options: { nsec3?: boolean } = {}) {
    const zone = await createZone(kit.api, kit.owner);
    await kit.send('POST', `/zones/${zone.id}/import`, coverageZoneText(zone.name), { 'content-type': 'text/dns' });
    const anchors = join(dir, `${zone.name}.conf`);
    await writeDsTrustAnchor(anchors, zone.name, await signThroughApi(kit, zone, options));
    await kit.served(zone);
    const check = (name: string, type: string) => delv(kit.port, anchors, zone.name, name === '@' ? zone.name : `${name}.${zone.name}`, type);
    return { ...zone, check };
  }
  type SignedZone = Awaited<ReturnType<typeof signedZone>>;

  /** What a validator must accept of the zone above: answers, NXDOMAIN, NODATA, wildcards, delegations. */
  async function expectValidates(zone: SignedZone) {
    const positive = [
      ['@', 'SOA'],
      ['@', 'NS'],
      ['@', 'A'],
      ['@', 'AAAA'],
      ['@', 'MX'],
      ['@', 'TXT'],
      ['@', 'CAA'],
      ['@', 'DNSKEY'],
      ['@', 'CDS'],
      ['@', 'CDNSKEY'],
      ['www', 'A'],
      ['_sip._tcp', 'SRV'],
      ['ptr', 'PTR'],
      ['_443._tcp.www', 'TLSA'],
      ['host', 'SSHFP'],
      ['svc', 'HTTPS'],
      ['naptr', 'NAPTR'],
      ['a.b.c', 'A'],
      ['secure', 'DS'],
      ['foo.wild', 'TXT'],
    ];
    for (const [name, type] of positive) expect(await zone.check(name!, type!), `${name} ${type}`).toMatch(validated);
    const denials = [
      ['nothere', 'A'],
      ['z.b.c', 'TXT'],
      ['mail', 'TXT'],
      ['b.c', 'A'],
      ['foo.wild', 'A'],
      ['insecure', 'DS'],
    ];
    for (const [name, type] of denials) expect(await zone.check(name!, type!), `${name} ${type}`).toMatch(negative);
    expect(await zone.check('foo.wild', 'TXT')).toMatch(
      new RegExp(`; fully validated\\n.*foo\\.wild\\.${zone.name.replace(/\./g, '\\.')}\\.\\s+300\\s+IN\\s+TXT\\s+"from the wildcard"`, 's'),
    );
  }

  /** The key tags of the RRSIGs over an answer, as kdig shows them. */
  const signers = async (zone: SignedZone, name: string, type: string) =>
    (await dig(kit.port, name === '@' ? zone.name : `${name}.${zone.name}`, type, { client: 'kdig', args: ['+dnssec'] })).answer
      .filter((r) => r.split(' ')[3] === 'RRSIG')
      .map((r) => Number(r.split(' ')[10]));

  // delv is run for every question at each of three steps: a minute on a busy 2-core machine.
  it('validates with NSEC, again after switching to NSEC3, and after records are added and deleted', { timeout: 180_000 }, async () => {
    const zone = await signedZone();
    await expectValidates(zone);
    expect((await dig(kit.port, `nothere.${zone.name}`, 'A', { args: ['+dnssec'] })).authority.some((r) => r.split(' ')[3] === 'NSEC')).toBe(true);

    await kit.send('PATCH', `/zones/${zone.id}/dnssec/status`, { nsec3: true });
    await kit.served(zone);
    expect(await zone.check('@', 'NSEC3PARAM')).toMatch(validated);
    await expectValidates(zone);
    expect((await dig(kit.port, `nothere.${zone.name}`, 'A', { args: ['+dnssec'] })).authority.some((r) => r.split(' ')[3] === 'NSEC3')).toBe(true);

    await kit.send('POST', `/zones/${zone.id}/records`, { type: 'A', name: 'new', content: '192.0.2.99' });
    await kit.send('PATCH', `/zones/${zone.id}/records`, { changes: [{ action: 'delete', type: 'A', name: 'mail' }] });
    await kit.served(zone);
    expect(await zone.check('new', 'A')).toMatch(
      new RegExp(`; fully validated\\n.*new\\.${zone.name.replace(/\./g, '\\.')}\\.\\s+\\d+\\s+IN\\s+A\\s+192\\.0\\.2\\.99`, 's'),
    );
    expect((await dig(kit.port, `mail.${zone.name}`, 'A')).rcode).toBe('NXDOMAIN');
    expect(await zone.check('mail', 'A')).toMatch(negative);
    await expectValidates(zone);
  });

  it('validates at every step of a ZSK rollover made through the API: pre-publish, activate, retire, delete', async () => {
    const zone = await signedZone();
    const keys = `/zones/${zone.id}/dnssec/cryptokeys`;
    const oldZsk = ((await kit.send('GET', keys)) as { id: string; keytype: string; key_tag: number }[]).find((key) => key.keytype === 'zsk')!;
    const step = async (signedBy: number[], published: number) => {
      await kit.served(zone);
      expect(await zone.check('sip', 'AAAA')).toMatch(validated);
      expect(await zone.check('nothere', 'A')).toMatch(negative);
      expect(await zone.check('@', 'DNSKEY')).toMatch(validated);
      expect((await signers(zone, 'sip', 'AAAA')).sort()).toEqual(signedBy.sort());
      const dnskey = await dig(kit.port, zone.name, 'DNSKEY', { client: 'kdig', args: ['+dnssec'] });
      expect(dnskey.answer.filter((r) => r.split(' ')[3] === 'DNSKEY')).toHaveLength(published);
    };
    await step([oldZsk.key_tag], 2);

    const newZsk = await kit.send('POST', keys, { keytype: 'zsk', active: false });
    await step([oldZsk.key_tag], 3);
    // Activating and retiring change no record, only the serial: the node reads the keys again.
    // Both active ZSKs sign until the old one is retired.
    await kit.send('PUT', `${keys}/${newZsk.id}`, { active: true });
    await step([oldZsk.key_tag, newZsk.key_tag], 3);
    await kit.send('PUT', `${keys}/${oldZsk.id}`, { active: false });
    await step([newZsk.key_tag], 3);
    await kit.send('DELETE', `${keys}/${oldZsk.id}`);
    await step([newZsk.key_tag], 2);
  });

  it('serves the CDS/CDNSKEY delete records signed while disabling, and the zone unsigned once the keys are removed', async () => {
    const zone = await signedZone({ nsec3: true });
    const off = await kit.send('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: false });
    expect(off).toMatchObject({ state: 'disabling' });
    await kit.served(zone);
    // RFC 8078: the registry is asked to remove the DS; the request itself still validates.
    expect(await zone.check('@', 'CDS')).toMatch(/; fully validated\n.*\sIN\s+CDS\s+0 0 0 00/s);
    expect(await zone.check('@', 'CDNSKEY')).toMatch(/; fully validated\n.*\sIN\s+CDNSKEY\s+0 3 0 AA==/s);
    expect(await zone.check('www', 'A')).toMatch(validated);
    expect(await zone.check('nothere', 'A')).toMatch(negative);

    // DNSSEC_KEY_REMOVAL_DELAY is a second here.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await kit.api.app.jobs.runUntilIdle();
    expect(await kit.send('GET', `/zones/${zone.id}/dnssec/status`)).toMatchObject({ state: 'off', key_count: 0 });
    await kit.served(zone);
    for (const [name, type] of [
      ['www', 'A'],
      ['nothere', 'A'],
      ['@', 'SOA'],
    ]) {
      const answer = await dig(kit.port, name === '@' ? zone.name : `${name}.${zone.name}`, type!, { args: ['+dnssec'] });
      expect(
        [...answer.answer, ...answer.authority].filter((r) => /^(RRSIG|NSEC|NSEC3|DNSKEY)$/.test(r.split(' ')[3]!)),
        `${name} ${type}`,
      ).toEqual([]);
    }
    expect((await dig(kit.port, zone.name, 'DNSKEY', { args: ['+dnssec'] })).answer).toEqual([]);
  });
});
