import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from '@kaja/db/orm';
import { auditEvents, tsigKeys } from '@kaja/db';
import { resolveKeyEncryptionKey } from '@kaja/config';
import { decryptPrivateKey } from '@kaja/dnssec';
import { createApiKey, errorOf, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../../testing';
import { createZone, customerWithZone } from './zoneTestKit';

describe('TSIG keys of a zone', () => {
  let api: TestApi;
  let owner: TestAccount;
  let zone: { id: string; name: string };
  beforeAll(async () => {
    // A documentation address stands for a public secondary here.
    api = await startTestApi({ env: { SECONDARY_ALLOWED_CIDRS: '192.0.2.0/24' } });
    ({ account: owner, zone } = await customerWithZone(api));
  });
  afterAll(() => api.close());

  const keysPath = (zoneId = zone.id) => `/zones/${zoneId}/tsig-keys`;
  const create = (body: unknown, zoneId = zone.id, token = owner.apiKey) => api.request('POST', keysPath(zoneId), { token, body });

  it('creates a key with defaults, shows the secret once and stores it sealed under the key-encryption key', async () => {
    const response = await create({});
    expect(response.status).toBe(201);
    const key = response.body.data;
    expect(key).toMatchObject({ zone_id: zone.id, algorithm: 'hmac-sha256', can_update: true, can_transfer: false, record_policies: null, last_used_at: null });
    expect(key.name).toMatch(new RegExp(`^[0-9a-f]{8}\\.${zone.name.replace(/\./g, '\\.')}$`));
    expect(Buffer.from(key.secret, 'base64')).toHaveLength(32);

    const [row] = await api.database.db.select().from(tsigKeys).where(eq(tsigKeys.id, key.id));
    expect(row!.secret).not.toContain(key.secret);
    const opened = decryptPrivateKey(Buffer.from(row!.secret, 'base64'), resolveKeyEncryptionKey(api.config), key.id);
    expect(Buffer.from(opened).toString('base64')).toBe(key.secret);

    const listed = await api.request('GET', keysPath(), { token: owner.apiKey });
    expect(listed.body.data.find((k: { id: string }) => k.id === key.id)).not.toHaveProperty('secret');
    expect((await api.request('GET', `${keysPath()}/${key.id}`, { token: owner.apiKey })).body.data).not.toHaveProperty('secret');
    const [audit] = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'tsig_key.created'), eq(auditEvents.targetId, key.id)));
    expect(audit!.summary).toMatchObject({ zone: zone.name, name: key.name });
    expect(JSON.stringify(audit!.summary)).not.toContain(key.secret);
  });

  it('takes a name, an algorithm, permissions and record policies in the API keys’ shape', async () => {
    const response = await create({
      name: `ACME.${zone.name}.`,
      algorithm: 'hmac-sha512',
      can_transfer: true,
      record_policies: [
        { name: '_acme-challenge', type: 'txt', allow: true },
        { name: '*', type: '*', allow: false },
      ],
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      name: `acme.${zone.name}`,
      algorithm: 'hmac-sha512',
      can_update: true,
      can_transfer: true,
      record_policies: [
        { name: '_acme-challenge', type: 'TXT', allow: true },
        { name: '*', type: '*', allow: false },
      ],
    });
  });

  it('key names are unique per zone: another customer (or another zone) may use the same name, and a conflict speaks only of this zone', async () => {
    const other = await customerWithZone(api);
    const name = 'transfer-key';
    expect((await create({ name })).status).toBe(201);
    expect((await create({ name }, other.zone.id, other.account.apiKey)).status).toBe(201);
    const secondZone = await createZone(api, owner);
    expect((await create({ name }, secondZone.id)).status).toBe(201);

    const taken = await create({ name });
    expect(taken.status).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'conflict', message: `This zone has a TSIG key named ${name} already` });
    const renamed = await create({ name: 'renamed-key' }, other.zone.id, other.account.apiKey);
    const clash = await api.request('PUT', `${keysPath(other.zone.id)}/${renamed.body.data.id}`, { token: other.account.apiKey, body: { name } });
    expect(clash.status).toBe(409);
  });

  it('reports every bad field at once', async () => {
    const response = await create({ name: 'bad..name', record_policies: [{ name: 'a b', type: '1x', allow: true }] });
    expect(response.status).toBe(422);
    expect(Object.keys(errorOf(response).details).sort()).toEqual(['name', 'record_policies.0.name', 'record_policies.0.type']);
    expect((await create({ algorithm: 'hmac-md5' })).status).toBe(422);
  });

  it('makes keys of the SHA-256 family only: HMAC-MD5 and HMAC-SHA1, which the DNS server verifies for operators, are refused', async () => {
    for (const algorithm of ['hmac-md5', 'hmac-md5.sig-alg.reg.int', 'hmac-sha1', 'hmac-sha224']) {
      const response = await create({ algorithm });
      expect(response.status, algorithm).toBe(422);
      expect(Object.keys(errorOf(response).details), algorithm).toEqual(['algorithm']);
    }
    for (const algorithm of ['hmac-sha256', 'hmac-sha384', 'hmac-sha512']) expect((await create({ algorithm })).status, algorithm).toBe(201);
  });

  it('changes a key with PUT and keeps the fields left out', async () => {
    const key = (await create({ can_update: false })).body.data;
    const updated = await api.request('PUT', `${keysPath()}/${key.id}`, {
      token: owner.apiKey,
      body: { can_transfer: true, record_policies: [{ name: '@', type: 'A', allow: true }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: key.name,
      can_update: false,
      can_transfer: true,
      record_policies: [{ name: '@', type: 'A', allow: true }],
    });
    const events = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'tsig_key.updated'), eq(auditEvents.targetId, key.id)));
    expect(events[0]!.summary).toMatchObject({ changed: ['can_transfer', 'record_policies'] });
  });

  it('deletes a key, and refuses while a secondary uses it, naming the secondary', async () => {
    const key = (await create({ can_transfer: true })).body.data;
    const secondary = await api.request('POST', `/zones/${zone.id}/secondaries`, { token: owner.apiKey, body: { address: '192.0.2.53', tsig_key_id: key.id } });
    expect(secondary.status).toBe(201);
    const refused = await api.request('DELETE', `${keysPath()}/${key.id}`, { token: owner.apiKey });
    expect(refused.status).toBe(409);
    expect(errorOf(refused).message).toContain('192.0.2.53 port 53');
    const withdrawn = await api.request('PUT', `${keysPath()}/${key.id}`, { token: owner.apiKey, body: { can_transfer: false } });
    expect(withdrawn.status).toBe(409);

    await api.request('DELETE', `/zones/${zone.id}/secondaries/${secondary.body.data.id}`, { token: owner.apiKey });
    const deleted = await api.request('DELETE', `${keysPath()}/${key.id}`, { token: owner.apiKey });
    expect(deleted.status).toBe(200);
    expect((await api.request('GET', `${keysPath()}/${key.id}`, { token: owner.apiKey })).status).toBe(404);
    const events = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'tsig_key.deleted'), eq(auditEvents.targetId, key.id)));
    expect(events).toHaveLength(1);
  });

  it('allows at most 20 keys per zone', async () => {
    const full = await createZone(api, owner);
    for (let i = 0; i < 20; i++) expect((await create({}, full.id)).status).toBe(201);
    const refused = await create({}, full.id);
    expect(refused.status).toBe(422);
    expect(errorOf(refused).details.zone).toContain('at most 20');
  });

  it('needs zones:read to read and zones:write to write', async () => {
    const reader = await createApiKey(api, owner, { scopes: ['zones:read'] });
    expect((await api.request('GET', keysPath(), { token: reader.key })).status).toBe(200);
    const refused = await create({}, zone.id, reader.key);
    expect(refused.status).toBe(403);
    const recordsOnly = await createApiKey(api, owner, { scopes: ['records:read'] });
    expect((await api.request('GET', keysPath(), { token: recordsOnly.key })).status).toBe(403);
  });

  it('hides another customer’s zone and keys (404)', async () => {
    const key = (await create({})).body.data;
    const stranger = await signUpOwner(api);
    expect((await api.request('GET', keysPath(), { token: stranger.apiKey })).status).toBe(404);
    expect((await api.request('GET', `${keysPath()}/${key.id}`, { token: stranger.apiKey })).status).toBe(404);
    expect((await api.request('DELETE', `${keysPath()}/${key.id}`, { token: stranger.apiKey })).status).toBe(404);
    const own = await customerWithZone(api);
    expect((await api.request('GET', `${keysPath(own.zone.id)}/${key.id}`, { token: own.account.apiKey })).status).toBe(404);
  });
});
