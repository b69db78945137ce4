import { describe, expect, it } from 'vitest';
import { desc, eq } from '@kaja/db/orm';
import { zoneChanges } from '@kaja/db';
import { apiTest } from '../../apiTest';
import { addUser, signInStaff, signUpOwner, type TestAccount, type TestApi } from '../../testing';
import { createZone } from './zones/zoneTestKit';

type Actor = { type: string; person: { relation: string; full_name: string | null; email: string | null } | null; api_key_name: string | null };

describe('who made a change, in the zone history and the audit log', () => {
  let api: TestApi;
  let owner: TestAccount;
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
  });

  const historyActors = async (zoneId: string): Promise<Actor[]> =>
    (await api.request('GET', `/zones/${zoneId}/history`, { token: owner.accessToken })).body.data.map((change: { actor: Actor }) => change.actor);
  const recordEventActors = async (zone: string): Promise<Actor[]> =>
    (await api.request('GET', '/audit-events?action=records.*&limit=100', { token: owner.accessToken })).body.data
      .filter((event: { summary: { zone?: string } }) => event.summary.zone === zone)
      .map((event: { actor: Actor }) => event.actor);

  it('names the person (name and email) for a session or their key, and the key by its name; a removed member keeps only a name', async () => {
    const zone = await createZone(api, owner);
    const admin = await addUser(api, owner, 'admin');
    const automation = await api.request('POST', `/users/${admin.userId}/apikeys`, {
      token: admin.accessToken,
      body: { name: 'ci-deploy', scopes: ['records:*'] },
    });
    expect(automation.status).toBe(201);
    const write = (token: string, name: string) =>
      api
        .request('POST', `/zones/${zone.id}/records`, { token, body: { type: 'A', name, content: '192.0.2.1' } })
        .then((answer) => expect(answer.status).toBe(201));
    await write(owner.accessToken, 'session');
    await write(owner.apiKey, 'dashboard-key');
    await write(automation.body.data.key, 'automation');

    const ownerPerson = { relation: 'member', full_name: 'Test Owner', email: owner.email };
    const adminPerson = { relation: 'member', full_name: 'A admin', email: admin.email };
    const expected = [
      { type: 'api_key', person: adminPerson, api_key_name: 'ci-deploy' },
      { type: 'api_key', person: ownerPerson, api_key_name: 'Default' },
      { type: 'user', person: ownerPerson, api_key_name: null },
    ];
    expect((await historyActors(zone.id)).slice(0, 3)).toMatchObject(expected);
    expect(await recordEventActors(zone.name)).toMatchObject(expected);

    // Removed: the name as it was stays, the address does not (nor the key, removed with them).
    expect((await api.request('DELETE', `/users/${admin.userId}`, { token: owner.accessToken })).status).toBe(200);
    const former = { type: 'api_key', person: { relation: 'former_member', full_name: 'A admin', email: null }, api_key_name: null };
    expect((await historyActors(zone.id))[0]).toEqual(expect.objectContaining(former));
    expect((await recordEventActors(zone.name))[0]).toEqual(expect.objectContaining(former));
    const history = await api.request('GET', `/zones/${zone.id}/history`, { token: owner.accessToken });
    expect(JSON.stringify(history.body)).not.toContain(admin.email);
  });

  it('never names a person of another customer: staff are staff, anyone else is outside the team', async () => {
    const zone = await createZone(api, owner);
    const other = await signUpOwner(api, { full_name: 'Olga Outsider' });
    const staff = await signInStaff(api);
    // Changes as the history keeps them when someone outside the team made them (a zone that was
    // another customer's, the platform's support): only the ids are stored.
    const [creation] = await api.database.db.select().from(zoneChanges).where(eq(zoneChanges.zoneId, zone.id)).orderBy(desc(zoneChanges.id)).limit(1);
    const change = (serial: number, actor: { type: 'user' | 'api_key'; user_id: string; api_key_id: string | null }) => ({
      zoneId: zone.id,
      previousSerial: serial - 1,
      serial,
      source: 'api' as const,
      actor,
      removed: [],
      added: [],
    });
    await api.database.db
      .insert(zoneChanges)
      .values([
        change(creation!.serial + 1, { type: 'api_key', user_id: other.userId, api_key_id: other.apiKeyId }),
        change(creation!.serial + 2, { type: 'user', user_id: staff.userId, api_key_id: null }),
      ]);
    const [byStaff, byOutsider] = await historyActors(zone.id);
    expect(byStaff).toMatchObject({ person: { relation: 'staff', full_name: null, email: null }, api_key_name: null });
    expect(byOutsider).toMatchObject({ person: { relation: 'outside', full_name: null, email: null }, api_key_name: null });
    const text = JSON.stringify((await api.request('GET', `/zones/${zone.id}/history`, { token: owner.accessToken })).body);
    for (const secret of [other.email, 'Olga Outsider', staff.email]) expect(text).not.toContain(secret);
  });
});
