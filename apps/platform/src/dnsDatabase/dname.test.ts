// DNAME (RFC 6672) in a zone the platform stores: written through the API's import, served by the
// DNS node on the database and asked with dig and kdig; then signed through the API, where delv
// validates the answers and the DNAME carries a signature while the CNAME made from it does not.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createZone } from '@kaja/api/testing/zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delv, writeDsTrustAnchor } from '@kaja/test-support/delv';
import { dig } from '@kaja/test-support/dig';
import { signThroughApi, startApiWithNode, type ApiWithNode } from './testing';

const longLabel = 'l'.repeat(63);
const longTarget = `${longLabel}.${longLabel}.${longLabel}.example.net.`;

const zoneText = (zone: string) => `$ORIGIN ${zone}.
$TTL 300
d            600 DNAME target.${zone}.
www.target   A     192.0.2.10
mail.target  MX    10 www.target.${zone}.
*.wild       A     192.0.2.20
dw           DNAME wild.${zone}.
long         DNAME ${longTarget}
*.star       A     192.0.2.30
star-d.star  DNAME target.${zone}.
`;

describe(`DNAME in a zone on the platform database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let kit: ApiWithNode;
  let dir: string;
  let zone: { id: string; name: string };
  const ask = (name: string, type: string, options: { client?: 'dig' | 'kdig'; args?: string[] } = {}) =>
    dig(kit.port, `${name}.${zone.name}`, type, { client: options.client ?? 'dig', args: ['+norec', ...(options.args ?? [])] });

  beforeAll(async () => {
    kit = await startApiWithNode();
    dir = await mkdtemp(join(tmpdir(), 'dns-database-dname-'));
    zone = await createZone(kit.api, kit.owner);
    await kit.send('POST', `/zones/${zone.id}/import`, zoneText(zone.name), { 'content-type': 'text/dns' });
    await kit.served(zone);
  });
  afterAll(async () => {
    await kit?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers with the DNAME and a CNAME made from it, the chain followed in the zone (dig and kdig)', async () => {
    for (const client of ['dig', 'kdig'] as const) {
      const response = await ask('www.d', 'A', { client });
      expect(response.rcode, client).toBe('NOERROR');
      expect(response.flags, client).toContain('aa');
      expect(response.answer, client).toEqual([
        `d.${zone.name}. 600 IN DNAME target.${zone.name}.`,
        `www.d.${zone.name}. 600 IN CNAME www.target.${zone.name}.`,
        `www.target.${zone.name}. 300 IN A 192.0.2.10`,
      ]);
    }
    expect((await ask('mail.d', 'MX')).answer.at(-1)).toBe(`mail.target.${zone.name}. 300 IN MX 10 www.target.${zone.name}.`);
    // A name missing behind the DNAME: NXDOMAIN for the new name, the DNAME and CNAME still given.
    const missing = await ask('missing.d', 'A');
    expect(missing.rcode).toBe('NXDOMAIN');
    expect(missing.answer).toEqual([`d.${zone.name}. 600 IN DNAME target.${zone.name}.`, `missing.d.${zone.name}. 600 IN CNAME missing.target.${zone.name}.`]);
    // The DNAME's owner is not redirected: its own DNAME is answered.
    expect((await ask('d', 'DNAME')).answer).toEqual([`d.${zone.name}. 600 IN DNAME target.${zone.name}.`]);
  });

  it('redirects into a wildcard, and a DNAME below a wildcard name is its own owner', async () => {
    expect((await ask('a.b.dw', 'A')).answer).toEqual([
      `dw.${zone.name}. 300 IN DNAME wild.${zone.name}.`,
      `a.b.dw.${zone.name}. 300 IN CNAME a.b.wild.${zone.name}.`,
      `a.b.wild.${zone.name}. 300 IN A 192.0.2.20`,
    ]);
    expect((await ask('www.star-d.star', 'A')).answer).toEqual([
      `star-d.star.${zone.name}. 300 IN DNAME target.${zone.name}.`,
      `www.star-d.star.${zone.name}. 300 IN CNAME www.target.${zone.name}.`,
      `www.target.${zone.name}. 300 IN A 192.0.2.10`,
    ]);
    expect((await ask('x.y.star', 'A')).answer).toEqual([`x.y.star.${zone.name}. 300 IN A 192.0.2.30`]);
  });

  it('answers YXDOMAIN with the DNAME alone when the new name would pass 255 octets', async () => {
    for (const client of ['dig', 'kdig'] as const) {
      const response = await ask(`${'a'.repeat(60)}.long`, 'A', { client });
      expect(response.rcode, client).toBe('YXDOMAIN');
      expect(response.answer, client).toEqual([`long.${zone.name}. 300 IN DNAME ${longTarget}`]);
    }
    // A short enough name is redirected out of the zone; the resolver goes on from there.
    expect((await ask('ab.long', 'A')).answer).toEqual([
      `long.${zone.name}. 300 IN DNAME ${longTarget}`,
      `ab.long.${zone.name}. 300 IN CNAME ab.${longTarget}`,
    ]);
  });

  it('signed through the API: the DNAME is signed, the CNAME made from it is not, and delv validates', async () => {
    const anchors = join(dir, `${zone.name}.conf`);
    await writeDsTrustAnchor(anchors, zone.name, await signThroughApi(kit, zone));
    await kit.served(zone);
    const response = await ask('www.d', 'A', { args: ['+dnssec'] });
    expect(response.answer.filter((line) => line.includes(' RRSIG ')).map((line) => line.split(' ')[4])).toEqual(['DNAME', 'A']);
    expect(response.answer.filter((line) => line.includes(' CNAME '))).toEqual([`www.d.${zone.name}. 600 IN CNAME www.target.${zone.name}.`]);
    for (const [name, type, expected] of [
      ['www.d', 'A', /; fully validated[\s\S]*www\.target\.\S+\s+300\s+IN\s+A\s+192\.0\.2\.10/],
      ['mail.d', 'MX', /; fully validated[\s\S]*MX\s+10 www\.target\./],
      ['d', 'DNAME', /; fully validated[\s\S]*DNAME\s+target\./],
      ['a.b.dw', 'A', /; fully validated[\s\S]*192\.0\.2\.20/],
      ['missing.d', 'A', /ncache nxdomain|NXDOMAIN/i],
    ] as const) {
      const out = await delv(kit.port, anchors, zone.name, `${name}.${zone.name}`, type);
      expect(out, `${name} ${type}`).toMatch(expected);
      expect(out, `${name} ${type}`).not.toMatch(/validation failed|insecurity proof failed|broken trust chain/i);
    }
  });
});
