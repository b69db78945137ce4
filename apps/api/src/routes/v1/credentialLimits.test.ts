import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from '@kaja/db/orm';
import { apiKeys, tsigKeys } from '@kaja/db';
import { DnsClass, emptyMessage, Opcode, Rcode, recordType, typeCode } from '@kaja/dns-model';
import { addUser, errorOf, mailedToken, signUpOwner, startTestApi, uniqueEmail, type TestAccount, type TestApi } from '../../testing';
import { applyUpdate } from '@kaja/zone-writes';
import { roleScopes } from '../../services/accounts/scopes';
import { createZone, setPlan, uniqueZoneName } from './zones/zoneTestKit';

type Role = 'owner' | 'admin' | 'member';
const other = { 'x-forwarded-for': '203.0.113.5' };

describe('credentials', () => {
  let api: TestApi;
  let owner: TestAccount;
  let zoneA: { id: string; name: string };
  let zoneB: { id: string; name: string };
  const people = {} as Record<Role, { userId: string; accessToken: string }>;

  beforeAll(async () => {
    // Trusting X-Forwarded-For lets a test call from another client address.
    api = await startTestApi({ env: { TRUST_PROXY: 'true', SECONDARY_ALLOWED_CIDRS: '198.51.100.0/24' } });
    owner = await signUpOwner(api);
    await setPlan(api, owner, 'scale');
    [zoneA, zoneB] = [await createZone(api, owner), await createZone(api, owner)];
    people.owner = owner;
    people.admin = await addUser(api, owner, 'admin');
    people.member = await addUser(api, owner, 'member');
  });
  afterAll(() => api.close());

  const keysPath = (userId: string) => `/users/${userId}/apikeys`;
  async function newKey(token: string, userId: string, body: Record<string, unknown>) {
    const response = await api.request('POST', keysPath(userId), { token, body: { name: 'key', ...body } });
    if (response.status !== 201) throw new Error(`key creation failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as { id: string; key: string };
  }
  const keyCount = async () => (await api.database.db.select({ value: count() }).from(apiKeys))[0]!.value;

  describe('a credential changes or deletes only credentials no wider than itself', () => {
    const narrowKey = () =>
      newKey(owner.accessToken, owner.userId, { scopes: roleScopes('owner'), restrictions: { record_policies: [{ name: 'www', type: 'A', allow: true }] } });

    it('TSIG keys: a narrower key gets 403 for rename, re-algorithm, policy change and delete; a key of another zone 404; an equal key may', async () => {
      const created = await api.request('POST', `/zones/${zoneA.id}/tsig-keys`, { token: owner.accessToken, body: { can_transfer: true } });
      expect(created.status).toBe(201);
      const path = `/zones/${zoneA.id}/tsig-keys/${created.body.data.id}`;
      const narrow = await narrowKey();
      const attempts = [
        await api.request('PUT', path, { token: narrow.key, body: { name: `renamed.${zoneA.name}` } }),
        await api.request('PUT', path, { token: narrow.key, body: { algorithm: 'hmac-sha512' } }),
        await api.request('PUT', path, { token: narrow.key, body: { record_policies: null } }),
        await api.request('PUT', path, { token: narrow.key, body: { can_update: false } }),
        await api.request('DELETE', path, { token: narrow.key }),
      ];
      expect(attempts.map((response) => response.status)).toEqual([403, 403, 403, 403, 403]);
      expect(errorOf(attempts[0]!)).toMatchObject({ code: 'forbidden', details: { id: expect.stringContaining('more than the calling credential') } });
      const [row] = await api.database.db.select().from(tsigKeys).where(eq(tsigKeys.id, created.body.data.id));
      expect(row).toMatchObject({ name: created.body.data.name, algorithm: 'hmac-sha256', recordPolicies: null, canUpdate: true });

      const otherZone = await newKey(owner.accessToken, owner.userId, { scopes: roleScopes('owner'), restrictions: { allowed_zones: [zoneB.name] } });
      expect((await api.request('DELETE', path, { token: otherZone.key })).status).toBe(404);

      const renamed = await api.request('PUT', path, { token: owner.apiKey, body: { name: `renamed.${zoneA.name}`, algorithm: 'hmac-sha512' } });
      expect(renamed.status).toBe(200);
      expect((await api.request('DELETE', path, { token: owner.apiKey })).status).toBe(200);
    });

    it('API keys: a narrower key cannot revoke a wider one; a key may revoke itself and an equal key may revoke it', async () => {
      const wide = await newKey(owner.accessToken, owner.userId, { scopes: roleScopes('owner') });
      const narrow = await narrowKey();
      const refused = await api.request('DELETE', `${keysPath(owner.userId)}/${wide.id}`, { token: narrow.key });
      expect(refused.status).toBe(403);
      expect(errorOf(refused).details).toHaveProperty('id');
      expect((await api.request('GET', '/zones', { token: wide.key })).status).toBe(200);

      const shortLived = await newKey(owner.accessToken, owner.userId, { scopes: roleScopes('owner'), restrictions: { max_age_seconds: 3600 } });
      expect((await api.request('DELETE', `${keysPath(owner.userId)}/${wide.id}`, { token: shortLived.key })).status).toBe(403);

      expect((await api.request('DELETE', `${keysPath(owner.userId)}/${narrow.id}`, { token: narrow.key })).status).toBe(200);
      expect((await api.request('DELETE', `${keysPath(owner.userId)}/${wide.id}`, { token: owner.apiKey })).status).toBe(200);
    });

    it('secondaries: a narrower key can neither add one transferring with a wider TSIG key nor remove one; an equal key may', async () => {
      const transfer = await api.request('POST', `/zones/${zoneA.id}/tsig-keys`, { token: owner.accessToken, body: { can_transfer: true, can_update: false } });
      expect(transfer.status).toBe(201);
      const narrow = await narrowKey();
      const body = { address: '198.51.100.9', tsig_key_id: transfer.body.data.id };
      expect((await api.request('POST', `/zones/${zoneA.id}/secondaries`, { token: narrow.key, body })).status).toBe(403);
      const secondary = await api.request('POST', `/zones/${zoneA.id}/secondaries`, { token: owner.accessToken, body });
      expect(secondary.status).toBe(201);
      const path = `/zones/${zoneA.id}/secondaries/${secondary.body.data.id}`;
      expect((await api.request('DELETE', path, { token: narrow.key })).status).toBe(403);
      expect((await api.request('GET', path, { token: owner.accessToken })).status).toBe(200);
      expect((await api.request('DELETE', path, { token: owner.apiKey })).status).toBe(200);
    });
  });

  describe('key management follows user management: only owners act on owners’ keys', () => {
    it('an admin can neither create, rotate, revoke nor read an owner’s keys, and nothing is written', async () => {
      const admin = people.admin;
      const before = await keyCount();
      const attempts = [
        api.request('POST', keysPath(owner.userId), { token: admin.accessToken, body: { name: 'mine now', scopes: ['customers:*'] } }),
        api.request('POST', `${keysPath(owner.userId)}/${owner.apiKeyId}/rotate`, { token: admin.accessToken }),
        api.request('DELETE', `${keysPath(owner.userId)}/${owner.apiKeyId}`, { token: admin.accessToken }),
        api.request('GET', keysPath(owner.userId), { token: admin.accessToken }),
        api.request('GET', `${keysPath(owner.userId)}/${owner.apiKeyId}`, { token: admin.accessToken }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(403);
        expect(errorOf(response)).toMatchObject({ code: 'forbidden', message: 'Only owners can manage owners' });
      }
      // The same through the admin's own full key.
      const adminKey = await newKey(admin.accessToken, admin.userId, { scopes: roleScopes('admin') });
      const viaKey = await api.request('POST', `${keysPath(owner.userId)}/${owner.apiKeyId}/rotate`, { token: adminKey.key });
      expect(viaKey.status).toBe(403);
      expect(await keyCount()).toBe(before + 1);
      const ownerKeys = await api.request('GET', keysPath(owner.userId), { token: owner.accessToken });
      expect(ownerKeys.body.data.map((key: { id: string }) => key.id)).toContain(owner.apiKeyId);
    });

    it('owners manage admins’ keys and admins members’ keys; the key records who created it and events done with it name that user and the key', async () => {
      const forAdmin = await newKey(owner.accessToken, people.admin.userId, { name: 'made by the owner', scopes: ['customers:*'] });
      const stored = await api.request('GET', `${keysPath(people.admin.userId)}/${forAdmin.id}`, { token: people.admin.accessToken });
      expect(stored.body.data).toMatchObject({ user_id: people.admin.userId, created_by: owner.userId });
      const forMember = await newKey(people.admin.accessToken, people.member.userId, { scopes: ['customers:read'] });
      expect((await api.request('GET', `${keysPath(people.member.userId)}/${forMember.id}`, { token: people.member.accessToken })).body.data.created_by).toBe(
        people.admin.userId,
      );

      // An event done with the key: the key's user acts, and the creator of the key is named.
      const renamed = await api.request('PUT', `/users/${people.admin.userId}`, { token: forAdmin.key, body: { full_name: 'Renamed with a key' } });
      expect(renamed.status).toBe(200);
      const events = await api.request('GET', '/audit-events?action=user.updated&limit=1', { token: owner.accessToken });
      expect(events.body.data[0].actor).toEqual({
        type: 'api_key',
        user_id: people.admin.userId,
        api_key_id: forAdmin.id,
        api_key_created_by: owner.userId,
        person: { relation: 'member', full_name: 'Renamed with a key', email: expect.any(String) },
        api_key_name: 'made by the owner',
      });
      const created = await api.request('GET', `/audit-events?action=api_key.created&target_id=${forAdmin.id}`, { token: owner.accessToken });
      expect(created.body.data[0]).toMatchObject({ actor: { type: 'user', user_id: owner.userId }, summary: { user_id: people.admin.userId } });

      // Rotation by another user: the new key names the rotating user as its creator.
      const rotated = await api.request('POST', `${keysPath(people.admin.userId)}/${forAdmin.id}/rotate`, { token: owner.accessToken });
      expect(rotated.body.data.created_by).toBe(owner.userId);
    });
  });

  describe('a credential never creates one stronger than itself', () => {
    it('a key limited to one zone makes keys limited to that zone: an unrestricted one is narrowed, a wider list refused', async () => {
      const zoneKey = await newKey(owner.accessToken, owner.userId, { scopes: roleScopes('owner'), restrictions: { allowed_zones: [zoneA.name] } });
      const minted = await newKey(zoneKey.key, owner.userId, { scopes: ['zones:*', 'records:*'] });
      const [row] = await api.database.db.select().from(apiKeys).where(eq(apiKeys.id, minted.id));
      expect(row!.allowedZones).toEqual([zoneA.name]);
      const write = await api.request('POST', `/zones/${zoneB.id}/records`, { token: minted.key, body: { type: 'A', name: 'www', content: '192.0.2.1' } });
      expect(write.status).toBe(404);

      const before = await keyCount();
      const wider = await api.request('POST', keysPath(owner.userId), {
        token: zoneKey.key,
        body: { name: 'wider', scopes: ['zones:*'], restrictions: { allowed_zones: [zoneA.name, zoneB.name] } },
      });
      expect(wider.status).toBe(403);
      expect(errorOf(wider)).toMatchObject({
        code: 'forbidden',
        details: { 'restrictions.allowed_zones.1': `${zoneB.name} is not among the calling key's zones` },
      });
      expect(await keyCount()).toBe(before);
    });

    it('record policies, address ranges, expiry and maximum unused time carry over, and wider ones are refused per field', async () => {
      const expiresAt = new Date(Date.now() + 3600_000);
      const narrow = await newKey(owner.accessToken, owner.userId, {
        scopes: roleScopes('owner'),
        expires_at: expiresAt.toISOString(),
        restrictions: { record_policies: [{ name: 'www', type: 'A', allow: true }], allowed_cidrs: ['127.0.0.0/8'], max_unused_seconds: 600 },
      });
      const carried = await newKey(narrow.key, owner.userId, { scopes: ['records:*', 'zones:read'] });
      const [row] = await api.database.db.select().from(apiKeys).where(eq(apiKeys.id, carried.id));
      expect(row).toMatchObject({
        recordPolicies: [{ zone: null, name: 'www', type: 'A', allow: true }],
        allowedCidrs: ['127.0.0.0/8'],
        maxUnusedSeconds: 600,
      });
      expect(row!.expiresAt!.getTime()).toBe(expiresAt.getTime());
      const mail = await api.request('POST', `/zones/${zoneA.id}/records`, { token: carried.key, body: { type: 'A', name: 'mail', content: '192.0.2.1' } });
      expect(mail.status).toBe(403);
      expect((await api.request('GET', `/zones/${zoneA.id}`, { token: carried.key, headers: other })).status).toBe(403);

      const narrower = await newKey(narrow.key, owner.userId, {
        scopes: ['records:write'],
        restrictions: {
          record_policies: [{ zone: zoneA.name, name: 'www', type: 'A', allow: true }],
          allowed_cidrs: ['127.0.0.1/32'],
          max_unused_seconds: 300,
        },
      });
      expect(narrower.key).toMatch(/^kak_/);

      const before = await keyCount();
      const refused = await api.request('POST', keysPath(owner.userId), {
        token: narrow.key,
        body: {
          name: 'wider',
          scopes: ['records:*'],
          expires_at: new Date(Date.now() + 7200_000).toISOString(),
          restrictions: { record_policies: [{ name: '*', type: 'A', allow: true }], allowed_cidrs: ['0.0.0.0/0'], max_unused_seconds: 6000 },
        },
      });
      expect(refused.status).toBe(403);
      expect(Object.keys(errorOf(refused).details).sort()).toEqual([
        'expires_at',
        'restrictions.allowed_cidrs.0',
        'restrictions.max_unused_seconds',
        'restrictions.record_policies',
      ]);
      expect(await keyCount()).toBe(before);
    });

    it('a key with a maximum age makes keys that end when it ends, also through rotation', async () => {
      const aging = await newKey(owner.accessToken, owner.userId, { scopes: roleScopes('owner'), restrictions: { max_age_seconds: 3600 } });
      const [caller] = await api.database.db.select().from(apiKeys).where(eq(apiKeys.id, aging.id));
      const end = caller!.createdAt.getTime() + 3600_000;
      const minted = await newKey(aging.key, owner.userId, { scopes: ['zones:read'] });
      const rotated = await api.request('POST', `${keysPath(owner.userId)}/${aging.id}/rotate`, { token: aging.key });
      expect(rotated.status).toBe(201);
      for (const id of [minted.id, rotated.body.data.id]) {
        const [row] = await api.database.db.select().from(apiKeys).where(eq(apiKeys.id, id));
        expect(row!.expiresAt!.getTime(), id).toBe(end);
      }
    });

    it('a key cannot rotate a key that is wider than itself into a secret it would then hold', async () => {
      const wide = await newKey(owner.accessToken, owner.userId, { scopes: roleScopes('owner') });
      const zoneKey = await newKey(owner.accessToken, owner.userId, { scopes: roleScopes('owner'), restrictions: { allowed_zones: [zoneA.name] } });
      const refused = await api.request('POST', `${keysPath(owner.userId)}/${wide.id}/rotate`, { token: zoneKey.key });
      expect(refused.status).toBe(403);
      expect((await api.request('GET', '/zones', { token: wide.key })).status).toBe(200);
    });

    it('a TSIG key made through a key with record policies carries them, and wider policies are refused (also by a later change)', async () => {
      const wwwOnly = await newKey(owner.accessToken, owner.userId, {
        scopes: roleScopes('owner'),
        restrictions: { record_policies: [{ name: 'www', type: 'A', allow: true }] },
      });
      const created = await api.request('POST', `/zones/${zoneA.id}/tsig-keys`, { token: wwwOnly.key, body: {} });
      expect(created.status).toBe(201);
      expect(created.body.data.record_policies).toEqual([{ name: 'www', type: 'A', allow: true }]);
      expect(await update(created.body.data.id, zoneA.name, 'mail')).toBe(Rcode.REFUSED);
      expect(await update(created.body.data.id, zoneA.name, 'www')).toBe(Rcode.NOERROR);

      const wider = await api.request('POST', `/zones/${zoneA.id}/tsig-keys`, {
        token: wwwOnly.key,
        body: { record_policies: [{ name: '*', type: '*', allow: true }] },
      });
      expect(wider.status).toBe(403);
      expect(errorOf(wider).details).toEqual({ record_policies: "These policies allow records the calling key's policies do not" });
      const widened = await api.request('PUT', `/zones/${zoneA.id}/tsig-keys/${created.body.data.id}`, {
        token: wwwOnly.key,
        body: { record_policies: [{ name: 'mail', type: 'A', allow: true }] },
      });
      expect(widened.status).toBe(403);
      const [row] = await api.database.db.select().from(tsigKeys).where(eq(tsigKeys.id, created.body.data.id));
      expect(row!.recordPolicies).toEqual([{ zone: null, name: 'www', type: 'A', allow: true }]);
    });

    it('a key with an address range or a lifetime cannot make TSIG keys, which carry neither', async () => {
      const fromHere = await newKey(owner.accessToken, owner.userId, { scopes: roleScopes('owner'), restrictions: { allowed_cidrs: ['127.0.0.0/8'] } });
      const refused = await api.request('POST', `/zones/${zoneA.id}/tsig-keys`, { token: fromHere.key, body: {} });
      expect(refused.status).toBe(403);
      expect(errorOf(refused).details).toHaveProperty('key');
    });

    it('a zone-limited key cannot create zones outside its list and sees only its zones’ events', async () => {
      const zoneKey = await newKey(owner.accessToken, owner.userId, { scopes: roleScopes('owner'), restrictions: { allowed_zones: [zoneA.name] } });
      const name = uniqueZoneName();
      const outside = await api.request('POST', '/zones', { token: zoneKey.key, body: { name } });
      expect(outside.status).toBe(403);
      expect(errorOf(outside).details).toEqual({ name: "Not among the calling key's zones" });
      await api.request('POST', `/zones/${zoneB.id}/records`, { token: owner.apiKey, body: { type: 'TXT', name: 'b-only', content: '"b"' } });
      await api.request('POST', `/zones/${zoneA.id}/records`, { token: owner.apiKey, body: { type: 'TXT', name: 'a-only', content: '"a"' } });
      const seen = await api.request('GET', '/audit-events?limit=100', { token: zoneKey.key });
      expect(seen.status).toBe(200);
      const text = JSON.stringify(seen.body.data);
      expect(text).toContain(zoneA.name);
      expect(text).not.toContain(zoneB.name);
      expect(seen.body.data.every((event: { action: string }) => !event.action.startsWith('user.') && !event.action.startsWith('api_key.'))).toBe(true);
      const all = await api.request('GET', '/audit-events?limit=100', { token: owner.apiKey });
      expect(JSON.stringify(all.body.data)).toContain(zoneB.name);
    });

    it('a member’s session or a restricted key cannot give anyone a role wider than itself', async () => {
      const zoneKey = await newKey(owner.accessToken, owner.userId, { scopes: roleScopes('owner'), restrictions: { allowed_zones: [zoneA.name] } });
      const invite = await api.request('POST', '/invitations-admin', { token: zoneKey.key, body: { email: uniqueEmail('invitee'), role: 'member' } });
      expect(invite.status).toBe(403);
      const user = await api.request('POST', '/users', {
        token: zoneKey.key,
        body: { email: uniqueEmail('made'), full_name: 'Made', role: 'member', password: 'a long enough password' },
      });
      expect(user.status).toBe(403);
      const customersOnly = await newKey(owner.accessToken, owner.userId, { scopes: ['customers:*'] });
      const promote = await api.request('PUT', `/users/${people.member.userId}`, { token: customersOnly.key, body: { role: 'admin' } });
      expect(promote.status).toBe(403);
      expect(errorOf(promote).details.role).toContain('zones:*');
    });
  });

  /** Applies one RFC 2136 update signed with a TSIG key: add `<name> A` in the zone. */
  async function update(keyId: string, zone: string, name: string) {
    const type = recordType('A');
    const outcome = await applyUpdate(
      { ...api.app.context, zoneChanges: api.app.zoneChanges },
      {
        message: emptyMessage({
          opcode: Opcode.UPDATE,
          questions: [{ name: zone, type: typeCode('SOA'), class: DnsClass.IN }],
          authorities: [{ name: `${name}.${zone}`, type: typeCode('A'), class: DnsClass.IN, ttl: 300, rdata: type.toWire(type.parse('192.0.2.77', zone)) }],
        }),
        keyId,
        client: '127.0.0.1',
      },
    );
    return outcome.rcode;
  }

  describe('the role-and-restriction matrix: each way to make a credential, each role, each restriction of the caller', () => {
    interface Caller {
      token: string;
      userId: string;
      /** The calling key's row, for lifetimes; null for a session. */
      keyId: string | null;
    }
    /** The credentials each role may hold: its session, and keys with the role's scopes and one restriction each. */
    const restrictions = (role: Role): Record<string, Record<string, unknown> | null> => ({
      session: null,
      'full key': {},
      'zone-limited key': { restrictions: { allowed_zones: [zoneA.name] } },
      'record-policy key': { restrictions: { record_policies: [{ name: 'www', type: 'A', allow: true }] } },
      'address-limited key': { restrictions: { allowed_cidrs: ['127.0.0.0/8'] } },
      'expiring key': { expires_at: new Date(Date.now() + 3600_000).toISOString() },
      'maximum-age key': { restrictions: { max_age_seconds: 3600 } },
      'maximum-unused key': { restrictions: { max_unused_seconds: 600 } },
      'narrow-scope key': { scopes: role === 'member' ? ['customers:read', 'zones:read'] : ['customers:*', 'zones:read'] },
    });
    const callers = new Map<string, Caller>();
    async function callerFor(role: Role, kind: string): Promise<Caller> {
      const id = `${role} ${kind}`;
      if (!callers.has(id)) {
        const person = people[role];
        const body = restrictions(role)[kind];
        if (body === null) callers.set(id, { token: person.accessToken, userId: person.userId, keyId: null });
        else {
          const key = await newKey(person.accessToken, person.userId, { scopes: roleScopes(role), ...body });
          callers.set(id, { token: key.key, userId: person.userId, keyId: key.id });
        }
      }
      return callers.get(id)!;
    }

    /** What a credential can do, asked of the API itself: each probe is true when the call is allowed. */
    async function powers(token: string): Promise<Record<string, boolean>> {
      const allowed = (response: { status: number }) => response.status < 300;
      const write = async (zone: { id: string }, name: string) => {
        const response = await api.request('POST', `/zones/${zone.id}/records`, { token, body: { type: 'A', name, content: '192.0.2.9', ttl: 300 } });
        if (allowed(response)) await api.request('DELETE', `/zones/${zone.id}/records/by-name/${name}/A`, { token: owner.apiKey });
        return allowed(response);
      };
      return {
        'read zone A': allowed(await api.request('GET', `/zones/${zoneA.id}`, { token })),
        'read zone B': allowed(await api.request('GET', `/zones/${zoneB.id}`, { token })),
        'read records of A': allowed(await api.request('GET', `/zones/${zoneA.id}/records`, { token })),
        'write www A in A': await write(zoneA, 'www'),
        'write mail A in A': await write(zoneA, 'mail'),
        'write www A in B': await write(zoneB, 'www'),
        'read users': allowed(await api.request('GET', '/users', { token })),
        'write customer': allowed(await api.request('PUT', `/customers/${owner.customerId}`, { token, body: { name: 'Test Company' } })),
        'read zone A from elsewhere': allowed(await api.request('GET', `/zones/${zoneA.id}`, { token, headers: other })),
      };
    }

    /** When a key stops working at the latest, and after how long unused; nulls for no limit. */
    async function lifetime(keyId: string | null) {
      if (!keyId) return { end: null, unused: null };
      const [row] = await api.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
      const ends = [row!.expiresAt?.getTime(), row!.maxAgeSeconds === null ? undefined : row!.createdAt.getTime() + row!.maxAgeSeconds * 1000].filter(
        (end) => end !== undefined,
      );
      return { end: ends.length > 0 ? Math.min(...ends) : null, unused: row!.maxUnusedSeconds };
    }

    async function expectWithin(made: { token: string; keyId: string | null }, caller: Caller) {
      const [mine, theirs] = [await powers(made.token), await powers(caller.token)];
      for (const [probe, can] of Object.entries(mine)) if (can) expect(theirs[probe], probe).toBe(true);
      const [madeLife, callerLife] = [await lifetime(made.keyId), await lifetime(caller.keyId)];
      if (callerLife.end !== null) expect(madeLife.end ?? Infinity).toBeLessThanOrEqual(callerLife.end);
      if (callerLife.unused !== null) expect(madeLife.unused ?? Infinity).toBeLessThanOrEqual(callerLife.unused);
    }

    const refusedOr = (status: number) => expect([201, 403]).toContain(status);
    const roles: Role[] = ['owner', 'admin', 'member'];
    const kinds = [
      'session',
      'full key',
      'zone-limited key',
      'record-policy key',
      'address-limited key',
      'expiring key',
      'maximum-age key',
      'maximum-unused key',
      'narrow-scope key',
    ];
    const cases = roles.flatMap((role) => kinds.map((kind) => [role, kind] as const));

    it.each(cases)('%s, %s: a new API key asking for everything', async (role, kind) => {
      const caller = await callerFor(role, kind);
      for (const scopes of [roleScopes('owner'), roleScopes(role)]) {
        const response = await api.request('POST', keysPath(caller.userId), { token: caller.token, body: { name: 'asks for all', scopes } });
        refusedOr(response.status);
        if (response.status === 201) await expectWithin({ token: response.body.data.key, keyId: response.body.data.id }, caller);
      }
    });

    it.each(cases)('%s, %s: rotating a wide key of the same user', async (role, kind) => {
      const caller = await callerFor(role, kind);
      const wide = await newKey(people[role].accessToken, caller.userId, { scopes: roleScopes(role) });
      const response = await api.request('POST', `${keysPath(caller.userId)}/${wide.id}/rotate`, { token: caller.token });
      refusedOr(response.status);
      if (response.status === 201) await expectWithin({ token: response.body.data.key, keyId: response.body.data.id }, caller);
      else expect((await api.request('GET', '/users', { token: wide.key })).status, 'a refused rotation leaves the key working').toBe(200);
    });

    it.each(cases)('%s, %s: a TSIG key for zone A asking for updates and transfers of everything', async (role, kind) => {
      const caller = await callerFor(role, kind);
      const response = await api.request('POST', `/zones/${zoneA.id}/tsig-keys`, {
        token: caller.token,
        body: { can_update: true, can_transfer: true, record_policies: null },
      });
      refusedOr(response.status);
      if (response.status !== 201) return;
      const key = response.body.data;
      const theirs = await powers(caller.token);
      const updates = { 'write www A in A': await update(key.id, zoneA.name, 'www'), 'write mail A in A': await update(key.id, zoneA.name, 'mail') };
      for (const [probe, rcode] of Object.entries(updates)) {
        if (rcode === Rcode.NOERROR) {
          expect(theirs[probe], probe).toBe(true);
          await api.request('DELETE', `/zones/${zoneA.id}/records/by-name/${probe.split(' ')[1]}/A`, { token: owner.apiKey });
        }
      }
      if (key.can_transfer) expect(theirs['read records of A'], 'transfer').toBe(true);
      // A TSIG key works from anywhere and for ever: only a caller without such limits may make one that can act.
      if (key.can_update || key.can_transfer) {
        expect(theirs['read zone A from elsewhere']).toBe(true);
        expect(await lifetime(caller.keyId)).toEqual({ end: null, unused: null });
      }
      await api.database.db.delete(tsigKeys).where(eq(tsigKeys.id, key.id));
    });

    it.each(cases)('%s, %s: inviting a member and an admin', async (role, kind) => {
      const caller = await callerFor(role, kind);
      for (const invitedRole of ['member', 'admin'] as const) {
        const email = uniqueEmail(`invited-${invitedRole}`);
        const response = await api.request('POST', '/invitations-admin', { token: caller.token, body: { email, role: invitedRole } });
        refusedOr(response.status);
        if (response.status !== 201) continue;
        const token = await mailedToken(api, email, 'invited');
        const accepted = await api.request('POST', `/invitations/${token}/accept`, {
          body: { full_name: 'Invited', password: 'a long and unusual passphrase 42' },
        });
        expect(accepted.status).toBe(201);
        await expectWithin({ token: accepted.body.data.access_token, keyId: null }, caller);
      }
    });
  });
});
