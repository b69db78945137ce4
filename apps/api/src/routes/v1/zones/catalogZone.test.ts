import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from '@kaja/db/orm';
import { auditEvents, rrsets, zoneChanges } from '@kaja/db';
import { accountUsage, catalogMemberLabel } from '@kaja/zone-writes';
import { createApiKey, errorOf, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../../testing';
import { createZone, setPlan, uniqueZoneName } from './zoneTestKit';

describe('the catalog zone', () => {
  let api: TestApi;
  let owner: TestAccount;
  beforeAll(async () => {
    api = await startTestApi();
    owner = await signUpOwner(api);
    await setPlan(api, owner, 'pro');
  });
  afterAll(() => api.close());

  const call = (method: string, path: string, body?: unknown, token = owner.apiKey) => api.request(method, path, { token, body });
  /** The catalog's records other than SOA and NS, as `name type content`. */
  const content = async (zoneId: string) =>
    (await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, zoneId)))
      .filter((row) => row.type !== 'SOA' && row.type !== 'NS')
      .flatMap((row) => row.contents.map((value) => `${row.name} ${row.type} ${value}`))
      .sort();

  it('is off until turned on (404), then lists the zones the customer has, under a name of its own', async () => {
    const before = await createZone(api, owner);
    expect(errorOf(await call('GET', '/catalog-zone')).code).toBe('not_found');
    const created = await call('POST', '/catalog-zone', {});
    expect(created.status).toBe(201);
    const catalog = created.body.data;
    expect(catalog).toMatchObject({
      name: `${owner.customerId.replaceAll('-', '')}.catalog.invalid`,
      status: 'active',
      version: '2',
      members: [{ zone_id: before.id, zone: before.name, member_id: catalogMemberLabel(before.id), group: 'eu-global' }],
    });
    expect(await content(catalog.zone_id)).toEqual(
      [
        `version.${catalog.name} TXT "2"`,
        `${catalogMemberLabel(before.id)}.zones.${catalog.name} PTR ${before.name}.`,
        `group.${catalogMemberLabel(before.id)}.zones.${catalog.name} TXT "eu-global"`,
      ].sort(),
    );
    const [ns] = await api.database.db
      .select()
      .from(rrsets)
      .where(and(eq(rrsets.zoneId, catalog.zone_id), eq(rrsets.type, 'NS')));
    expect(ns!.contents).toEqual(['invalid.']);
    expect((await call('GET', '/catalog-zone')).body.data).toEqual(catalog);
    expect(errorOf(await call('POST', '/catalog-zone', {})).code).toBe('conflict');
  });

  it('follows zones made, disabled, enabled and deleted, one serial and journal row each', async () => {
    const catalog = (await call('GET', '/catalog-zone')).body.data;
    const zone = await createZone(api, owner, { region: 'EU' });
    const member = `${catalogMemberLabel(zone.id)}.zones.${catalog.name}`;
    const added = (await call('GET', '/catalog-zone')).body.data;
    expect(added.serial).toBeGreaterThan(catalog.serial);
    expect(await content(catalog.zone_id)).toContain(`${member} PTR ${zone.name}.`);
    expect(await content(catalog.zone_id)).toContain(`group.${member} TXT "eu"`);
    const [change] = await api.database.db
      .select()
      .from(zoneChanges)
      .where(and(eq(zoneChanges.zoneId, catalog.zone_id), eq(zoneChanges.serial, added.serial)));
    expect(change!.previousSerial).toBe(catalog.serial);
    expect(change!.added).toEqual(expect.arrayContaining([{ name: member, type: 'PTR', ttl: 3600, content: `${zone.name}.` }]));

    await call('PUT', `/zones/${zone.id}`, { status: 'disabled' });
    expect(await content(catalog.zone_id)).not.toContain(`${member} PTR ${zone.name}.`);
    await call('PUT', `/zones/${zone.id}`, { status: 'active' });
    expect(await content(catalog.zone_id)).toContain(`${member} PTR ${zone.name}.`);
    expect((await call('DELETE', `/zones/${zone.id}`)).status).toBe(202);
    expect(await content(catalog.zone_id)).not.toContain(`${member} PTR ${zone.name}.`);
    expect((await call('GET', '/catalog-zone')).body.data.members.map((m: { zone: string }) => m.zone)).not.toContain(zone.name);
    const audit = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'catalog_zone.updated'), eq(auditEvents.targetId, catalog.zone_id)));
    expect(audit.map((event) => event.summary)).toContainEqual(expect.objectContaining({ members_removed: [`${zone.name}.`] }));
  });

  it('is no zone of the plan: not listed, not counted, and its records cannot be changed', async () => {
    const catalog = (await call('GET', '/catalog-zone')).body.data;
    const zones: { id: string; status: string }[] = (await call('GET', '/zones?limit=100')).body.data;
    const listed = zones.map((zone) => zone.id);
    expect(listed).not.toContain(catalog.zone_id);
    expect((await call('GET', `/zones/${catalog.zone_id}`)).body.data.type).toBe('catalog');
    const edit = await call('POST', `/zones/${catalog.zone_id}/records`, { name: 'x', type: 'TXT', content: '"no"' });
    expect(edit.status).toBe(409);
    expect(errorOf(edit).message).toContain('catalog zone');
    expect((await call('PATCH', `/zones/${catalog.zone_id}/dnssec/status`, { enabled: true })).status).toBe(409);

    // The Pro plan allows 25 zones: the catalog takes none of them (nor do zones being deleted).
    expect((await accountUsage(api.database.db, owner.customerId)).zones).toBe(zones.filter((zone) => zone.status !== 'deleting').length);
  });

  it('needs zones:read to read, zones:write to change, and a key not limited to some zones', async () => {
    const reader = await createApiKey(api, owner, { scopes: ['zones:read'] });
    expect((await call('GET', '/catalog-zone', undefined, reader.key)).status).toBe(200);
    expect(errorOf(await call('DELETE', '/catalog-zone', undefined, reader.key)).code).toBe('forbidden');
    const zone = await createZone(api, owner);
    const limited = await createApiKey(api, owner, { scopes: ['zones:read', 'zones:write'], restrictions: { allowed_zones: [zone.name] } });
    expect(errorOf(await call('GET', '/catalog-zone', undefined, limited.key)).code).toBe('forbidden');
  });

  it('is another customer’s 404, and another customer’s zones never enter it', async () => {
    const catalog = (await call('GET', '/catalog-zone')).body.data;
    const other = await signUpOwner(api);
    expect(errorOf(await call('GET', '/catalog-zone', undefined, other.apiKey)).code).toBe('not_found');
    expect(errorOf(await call('GET', `/zones/${catalog.zone_id}`, undefined, other.apiKey)).code).toBe('not_found');
    expect(errorOf(await call('POST', `/zones/${catalog.zone_id}/tsig-keys`, { can_transfer: true }, other.apiKey)).code).toBe('not_found');
    const theirs = await createZone(api, other);
    expect((await call('GET', '/catalog-zone')).body.data.members.map((m: { zone: string }) => m.zone)).not.toContain(theirs.name);
    // A name under another customer's zone is refused as for any zone.
    expect(errorOf(await call('POST', '/catalog-zone', { name: `catalog.${theirs.name}` }, owner.apiKey)).code).toBe('conflict');
  });

  it('is deleted like a zone and can then be made again under a name the customer chooses', async () => {
    const deleting = await call('DELETE', '/catalog-zone');
    expect(deleting.status).toBe(202);
    expect(deleting.body.data.status).toBe('deleting');
    expect(errorOf(await call('POST', '/catalog-zone', {})).message).toContain('still being deleted');
    await api.app.jobs.runUntilIdle();
    expect(errorOf(await call('GET', '/catalog-zone')).code).toBe('not_found');
    const name = uniqueZoneName('catalog');
    expect(errorOf(await call('POST', '/catalog-zone', { name: 'catalog.invalid' })).code).toBe('validation_failed');
    const again = await call('POST', '/catalog-zone', { name: `${name}.` });
    expect(again.status).toBe(201);
    expect(again.body.data.name).toBe(name);
  });
});
