// A customer's catalog zone consumed by Knot DNS (`catalog-role: interpret`): knotd started here
// transfers the catalog from the DNS node with the catalog's TSIG key, and configures each member as
// a secondary of the node from its template, with the same key. A zone created through the API
// appears on Knot by NOTIFY and IXFR of the catalog; a deleted one disappears.
import { catalogMemberLabel } from '@kaja/zone-writes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { startKnot, type KnotServer } from '@kaja/test-support/knot';
import { freePort } from '@kaja/test-support/ports';
import { uniqueZoneName } from '@kaja/api/testing/zones';
import { startApiWithNode, type ApiWithNode } from './testing';

describe(`a catalog zone consumed by Knot (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let kit: ApiWithNode;
  let knot: KnotServer | undefined;
  let catalog: { zone_id: string; name: string; serial: number };
  let first: { id: string; name: string };

  /** Polls `probe` until it gives a value, within a deadline: Knot acts on NOTIFY in its own time. */
  async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; knotd said:\n${knot?.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Knot's answer for the zone's SOA: NOERROR with aa once it serves the zone. */
  const knotSoa = (zone: string) => dig(knot!.port, zone, 'SOA', { args: ['+norec'] });

  beforeAll(async () => {
    // Knot on loopback is the customer's secondary: the operator allows it.
    kit = await startApiWithNode({ env: { SECONDARY_ALLOWED_CIDRS: '127.0.0.0/8' }, notify: true });
    first = await kit.send('POST', '/zones', { name: uniqueZoneName('catalog-member') });
    catalog = await kit.send('POST', '/catalog-zone', {});
    const key = await kit.send('POST', `/zones/${catalog.zone_id}/tsig-keys`, { can_transfer: true, can_update: false });
    const knotPort = await freePort();
    await kit.send('POST', `/zones/${catalog.zone_id}/secondaries`, { address: '127.0.0.1', port: knotPort, tsig_key_id: key.id });
    knot = await startKnot(
      (dir) => `key:
  - id: ${key.name}
    algorithm: ${key.algorithm}
    secret: ${key.secret}
remote:
  - id: kaja
    address: 127.0.0.1@${kit.port}
    key: ${key.name}
acl:
  - id: kaja_notify
    address: 127.0.0.1
    key: ${key.name}
    action: notify
template:
  - id: default
    storage: ${dir}
  - id: kaja_member
    storage: ${dir}
    master: kaja
    acl: kaja_notify
zone:
  - domain: ${catalog.name}
    master: kaja
    acl: kaja_notify
    catalog-role: interpret
    catalog-template: kaja_member
`,
      {},
      { port: knotPort },
    );
  }, 240_000);

  afterAll(async () => {
    await knot?.stop();
    await kit?.close();
  });

  it('serves the catalog with version 2 and a PTR per zone, transferred only with its key', async () => {
    const version = await dig(kit.port, `version.${catalog.name}`, 'TXT', { args: ['+norec'] });
    expect(version.answer).toEqual([`version.${catalog.name}. 3600 IN TXT "2"`]);
    const member = await dig(kit.port, `${catalogMemberLabel(first.id)}.zones.${catalog.name}`, 'PTR', { args: ['+norec'] });
    expect(member.answer).toEqual([`${catalogMemberLabel(first.id)}.zones.${catalog.name}. 3600 IN PTR ${first.name}.`]);
    const unsigned = await dig(kit.port, catalog.name, 'AXFR', { tcp: true, args: ['+norec'] }).catch((error: unknown) => String(error));
    expect(typeof unsigned === 'string' ? unsigned : unsigned.raw).toMatch(/Transfer failed|REFUSED|NOTAUTH/);
  });

  it('a zone of the catalog is configured on Knot, transferred with the catalog’s key', async () => {
    const soa = await until(`${first.name} on Knot`, async () => {
      const response = await knotSoa(first.name);
      return response.rcode === 'NOERROR' && response.answer.length > 0 ? response : undefined;
    });
    expect(soa.flags).toContain('aa');
    const ours = await dig(kit.port, first.name, 'SOA', { args: ['+norec'] });
    expect(soa.answer).toEqual(ours.answer);
  });

  it('a zone created through the API appears on Knot (NOTIFY, then IXFR of the catalog); a deleted one disappears', async () => {
    const second = await kit.send('POST', '/zones', { name: uniqueZoneName('catalog-new') });
    const after = (await kit.send('GET', '/catalog-zone')) as { serial: number };
    expect(after.serial).toBeGreaterThan(catalog.serial);
    await until(`${second.name} on Knot`, async () => {
      const response = await knotSoa(second.name);
      return response.rcode === 'NOERROR' && response.flags.includes('aa') ? response : undefined;
    });
    expect(knot!.log()).toMatch(new RegExp(`\\[${catalog.name.replaceAll('.', '\\.')}\\.\\] IXFR, incoming`));

    // A change of a member is NOTIFYed to the catalog's secondaries too, and transferred with the catalog's key.
    await kit.send('POST', `/zones/${second.id}/records`, { name: 'www', type: 'A', content: '192.0.2.80' });
    const www = await until(`www.${second.name} on Knot`, async () => {
      const response = await dig(knot!.port, `www.${second.name}`, 'A', { args: ['+norec'] });
      return response.answer.length > 0 ? response : undefined;
    });
    expect(www.answer).toEqual([`www.${second.name}. 3600 IN A 192.0.2.80`]);

    await kit.send('DELETE', `/zones/${first.id}`);
    await until(`${first.name} gone from Knot`, async () => {
      const response = await knotSoa(first.name);
      return ['REFUSED', 'NOTAUTH'].includes(response.rcode) ? response : undefined;
    });
    // The other member stays.
    expect((await knotSoa(second.name)).rcode).toBe('NOERROR');
  });
});
