import { describe, expect } from 'vitest';
import { apiTest } from '../../apiTest';
import { mailedToken, signUpOwner, uniqueEmail } from '../../testing';
import { createZone } from '../../routes/v1/zones/zoneTestKit';

describe('answers that carry a secret are never cached', () => {
  // Started before the first test, so its start-up counts against the hook's time, not that test's.
  apiTest.beforeAll(async ({ api }) => {
    expect((await api.request('GET', '/plans')).status).toBe(200);
  });
  apiTest('sign-in, verification, new and rotated keys, TSIG secrets and accepted invitations send Cache-Control: no-store', async ({ api }) => {
    const verificationToken = async () => {
      const email = uniqueEmail('cache');
      await api.request('POST', '/auth/signup', { body: { email, password: 'correct horse battery', full_name: 'C', company: 'C' } });
      return mailedToken(api, email, 'Verify');
    };
    const verifiedByLink = await api.request('GET', `/auth/verify-email?token=${await verificationToken()}`);
    const verifiedByForm = await api.request('POST', '/auth/verify-email', { body: { token: await verificationToken() } });
    const owner = await signUpOwner(api);
    const signin = await api.request('POST', '/auth/signin', { body: { email: owner.email, password: owner.password } });
    const created = await api.request('POST', `/users/${owner.userId}/apikeys`, { token: owner.accessToken, body: { name: 'k', scopes: ['zones:read'] } });
    const rotated = await api.request('POST', `/users/${owner.userId}/apikeys/${created.body.data.id}/rotate`, { token: owner.accessToken });
    const zone = await createZone(api, owner);
    const tsig = await api.request('POST', `/zones/${zone.id}/tsig-keys`, { token: owner.accessToken, body: {} });
    const invitee = uniqueEmail('invitee');
    await api.request('POST', '/invitations-admin', { token: owner.accessToken, body: { email: invitee, role: 'member' } });
    const invitation = await mailedToken(api, invitee, 'invited');
    const accepted = await api.request('POST', `/invitations/${invitation}/accept`, { body: { full_name: 'I', password: 'an unusual passphrase 77' } });

    const answers = { verifiedByLink, verifiedByForm, signin, created, rotated, tsig, accepted };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBeLessThan(300);
      expect(answer.headers.get('cache-control'), name).toBe('no-store');
    }
    // Reading a key shows no secret and needs no such header.
    const read = await api.request('GET', `/users/${owner.userId}/apikeys/${created.body.data.id}`, { token: owner.accessToken });
    expect(read.headers.get('cache-control')).toBeNull();
  });

  apiTest('the OpenAPI document says so for those operations', async ({ api }) => {
    const document = (await api.request('GET', '/openapi.json')).body;
    expect(document.paths['/v1/users/{userId}/apikeys'].post.description).toContain('Cache-Control: no-store');
    expect(document.paths['/v1/zones/{id}/tsig-keys'].post.description).toContain('Cache-Control: no-store');
  });
});
