import { describe, expect, it } from 'vitest';
import { apiTest } from '../../apiTest';
import { addUser, createApiKey, signUpOwner, type TestAccount, type TestApi } from '../../testing';

interface TeamKey {
  id: string;
  name: string;
  user: { id: string; email: string; role: string };
  creator: { id: string; email: string } | null;
  last_used_at: string | null;
  can_revoke: boolean;
}

describe('/v1/apikeys: the team’s keys', () => {
  let api: TestApi;
  let owner: TestAccount;
  let admin: Awaited<ReturnType<typeof addUser>>;
  let member: Awaited<ReturnType<typeof addUser>>;
  const keys: Record<string, string> = {};
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
    admin = await addUser(api, owner, 'admin');
    member = await addUser(api, owner, 'member');
    const forKey = async (token: string, userId: string, name: string, scopes: string[]) => {
      const created = await api.request('POST', `/users/${userId}/apikeys`, { token, body: { name, scopes } });
      expect(created.status).toBe(201);
      keys[name] = created.body.data.key;
      return created.body.data.id as string;
    };
    await forKey(owner.accessToken, owner.userId, 'owner deploy', ['zones:read']);
    await forKey(admin.accessToken, admin.userId, 'admin script', ['zones:read']);
    // An owner may make a key for a member: the member's key, created by the owner.
    await forKey(owner.accessToken, member.userId, 'member sync', ['zones:read']);
    await forKey(member.accessToken, member.userId, 'member own', ['zones:read']);
  });

  const list = async (token: string) => {
    const response = await api.request('GET', '/apikeys?limit=100', { token });
    expect(response.status).toBe(200);
    return { keys: response.body.data as TeamKey[], total: response.body.meta.total as number };
  };
  const named = (listed: TeamKey[], name: string) => listed.find((key) => key.name === name);

  it('owners see every key of the team with its user, creator and last use; never a secret', async () => {
    // A call with the member's key is its last use.
    expect((await api.request('GET', '/zones', { token: keys['member own']! })).status).toBe(200);
    const { keys: listed, total } = await list(owner.accessToken);
    expect(total).toBe(listed.length);
    expect(listed.map((key) => key.name)).toEqual(expect.arrayContaining(['owner deploy', 'admin script', 'member sync', 'member own', 'Default']));
    expect(named(listed, 'member sync')).toMatchObject({
      user: { id: member.userId, role: 'member' },
      creator: { id: owner.userId, email: owner.email },
      can_revoke: true,
    });
    expect(named(listed, 'member own')!.last_used_at).not.toBeNull();
    expect(named(listed, 'member sync')!.last_used_at).toBeNull();
    expect(listed.every((key) => key.can_revoke)).toBe(true);
    for (const secret of Object.values(keys)) expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('admins see every key but owners’; members only their own, each revocable by them', async () => {
    const asAdmin = (await list(admin.accessToken)).keys;
    expect(asAdmin.some((key) => key.user.role === 'owner')).toBe(false);
    expect(asAdmin.map((key) => key.name)).toEqual(expect.arrayContaining(['admin script', 'member sync', 'member own']));
    const asMember = (await list(member.accessToken)).keys;
    expect(asMember.map((key) => key.name).sort()).toEqual(['member own', 'member sync']);
    expect(asMember.every((key) => key.user.id === member.userId && key.can_revoke)).toBe(true);
  });

  it('another customer’s keys never show; a narrow API key lists but may revoke nothing', async () => {
    const other = await signUpOwner(api);
    const theirs = await list(other.accessToken);
    expect(theirs.keys.every((key) => key.user.id === other.userId)).toBe(true);
    expect(theirs.keys.map((key) => key.name)).not.toContain('owner deploy');

    const reader = await createApiKey(api, owner, { name: 'reader', scopes: ['customers:read'] });
    const asReader = (await list(reader.key)).keys;
    expect(named(asReader, 'member own')).toBeDefined();
    expect(asReader.every((key) => !key.can_revoke)).toBe(true);
    const refused = await api.request('DELETE', `/users/${member.userId}/apikeys/${named(asReader, 'member own')!.id}`, { token: reader.key });
    expect(refused.status).toBe(403);

    // The owner's default key may act on keys no wider than itself: all of these.
    const asDefault = (await list(owner.apiKey)).keys;
    expect(named(asDefault, 'member own')!.can_revoke).toBe(true);
    expect((await api.request('GET', '/apikeys', { token: keys['owner deploy']! })).status).toBe(403);
  });

  it('revoking through the user’s path takes a key off the list', async () => {
    const target = named((await list(admin.accessToken)).keys, 'member sync')!;
    const revoked = await api.request('DELETE', `/users/${target.user.id}/apikeys/${target.id}`, { token: admin.accessToken });
    expect(revoked.status).toBe(200);
    expect(named((await list(owner.accessToken)).keys, 'member sync')).toBeUndefined();
    expect((await api.request('GET', '/apikeys?limit=500', { token: owner.accessToken })).status).toBe(422);
  });
});
