import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../apiTest';
import { and, eq } from '@kaja/db/orm';
import { rrsets, secondaryZones, zones } from '@kaja/db';
import { signUpOwner, type TestAccount, type TestApi } from '../../../testing';
import { createZone } from './zoneTestKit';

/**
 * The transfer state of a secondary zone as the API shows it, with the timers of the SOA it serves.
 * The transfers themselves (from a real primary) are tested on the platform; here the zone is
 * turned into a secondary one in the database, with the SOA a transfer would have brought.
 */
describe('a secondary zone’s state: SOA timers', () => {
  let api: TestApi;
  let owner: TestAccount;
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
  });

  it('shows the served SOA’s refresh, retry and expire, as the refreshes use them', async () => {
    const zone = await secondaryZone(api, owner, '7 7200 900 1209600 300');
    const read = await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey });
    expect(read.status).toBe(200);
    expect(read.body.data.secondary).toMatchObject({
      primaries: [{ address: '203.0.113.53', port: 53, tsig_key_id: null }],
      last_error: 'No answer from 203.0.113.53 port 53',
      soa_timers: { refresh: 7200, retry: 900, expire: 1209600 },
    });
    const listed = await api.request('GET', '/zones?limit=100', { token: owner.apiKey });
    expect(listed.body.data.find((entry: { id: string }) => entry.id === zone.id).secondary.soa_timers).toEqual({ refresh: 7200, retry: 900, expire: 1209600 });
  });

  it('keeps a typo’d SOA’s timers within bounds, and has none before the first transfer', async () => {
    const odd = await secondaryZone(api, owner, '7 5 999999 10 300');
    expect((await api.request('GET', `/zones/${odd.id}`, { token: owner.apiKey })).body.data.secondary.soa_timers).toEqual({
      refresh: 30,
      retry: 86400,
      expire: 30,
    });
    const fresh = await secondaryZone(api, owner, null);
    expect((await api.request('GET', `/zones/${fresh.id}`, { token: owner.apiKey })).body.data.secondary).toMatchObject({
      soa_timers: null,
      last_serial: null,
    });
    // A primary zone has no transfer state; another customer's secondary zone is not found.
    const primary = await createZone(api, owner);
    expect((await api.request('GET', `/zones/${primary.id}`, { token: owner.apiKey })).body.data.secondary).toBeNull();
    const stranger = await signUpOwner(api);
    expect((await api.request('GET', `/zones/${odd.id}`, { token: stranger.apiKey })).status).toBe(404);
  });
});

/** A zone made secondary, serving an SOA with these serial and timers (null: not transferred yet). */
async function secondaryZone(api: TestApi, owner: TestAccount, soaNumbers: string | null) {
  const zone = await createZone(api, owner);
  const db = api.database.db;
  await db.update(zones).set({ type: 'secondary' }).where(eq(zones.id, zone.id));
  const soa = and(eq(rrsets.zoneId, zone.id), eq(rrsets.type, 'SOA'));
  if (soaNumbers === null) await db.delete(rrsets).where(soa);
  else
    await db
      .update(rrsets)
      .set({ contents: [`ns1.${zone.name}. hostmaster.${zone.name}. ${soaNumbers}`] })
      .where(soa);
  await db.insert(secondaryZones).values({
    zoneId: zone.id,
    primaries: [{ address: '203.0.113.53', port: 53, tsig_key_id: null }],
    lastSerial: soaNumbers === null ? null : 7,
    lastAttemptAt: new Date(),
    lastError: soaNumbers === null ? null : 'No answer from 203.0.113.53 port 53',
  });
  return zone;
}
