import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { and, eq } from '@kaja/db/orm';
import { jobs, webhookDeliveries, webhookEndpoints } from '@kaja/db';
import { resolveKeyEncryptionKey } from '@kaja/config';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '@kaja/test-support/webhookReceiver';
import { addUser, createApiKey, errorOf, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../testing';
import { createZone, customerWithZone } from './zones/zoneTestKit';
import { openWebhookSecret } from '../../services/webhooks/webhookSecrets';
import { retryDelaysSeconds } from '../../services/webhooks/webhookDelivery';

const deliveryJob = 'webhooks.deliver';

/** Verifies a received request as a customer's receiver would, with the Standard Webhooks library; returns the payload. */
function verified(secret: string, request: ReceivedWebhook) {
  return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as { type: string; timestamp: string; data: any };
}

describe('webhooks', () => {
  let api: TestApi;
  let receiver: WebhookReceiver;
  let owner: TestAccount;
  let zone: { id: string; name: string };

  beforeAll(async () => {
    // The receiver listens on loopback, a special-purpose network the operator allows here.
    api = await startTestApi({ env: { WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' } });
    receiver = await startWebhookReceiver();
    ({ account: owner, zone } = await customerWithZone(api));
  });
  afterAll(async () => {
    await api.close();
    await receiver.close();
  });
  beforeEach(() => receiver.respond((_request, response) => void response.writeHead(204).end()));

  const create = (body: Record<string, unknown>, token = owner.apiKey) => api.request('POST', '/webhooks', { token, body });
  async function endpointFor(path: string, body: Record<string, unknown> = {}, account = owner) {
    const response = await create({ url: `${receiver.origin}${path}`, ...body }, account.apiKey);
    if (response.status !== 201) throw new Error(`endpoint creation failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.data as { id: string; secret: string; url: string };
  }
  /** Makes every queued delivery attempt due now, as if its back-off had passed, and runs them. */
  async function runDueAttempts() {
    await api.database.db
      .update(jobs)
      .set({ runAt: new Date() })
      .where(and(eq(jobs.name, deliveryJob), eq(jobs.status, 'queued')));
    await api.app.jobs.runUntilIdle();
  }
  const deliveriesOf = async (endpointId: string, token = owner.apiKey) =>
    (await api.request('GET', `/webhooks/${endpointId}/deliveries?limit=100`, { token })).body.data;

  it('shows the whsec_ secret once and stores it sealed under the key-encryption key', async () => {
    const created = await create({ url: `${receiver.origin}/sealed`, description: 'Sealed', event_types: ['zone.created'] });
    expect(created.status).toBe(201);
    const endpoint = created.body.data;
    expect(endpoint).toMatchObject({
      url: `${receiver.origin}/sealed`,
      description: 'Sealed',
      event_types: ['zone.created'],
      enabled: true,
      failing_since: null,
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.headers.get('cache-control')).toContain('no-store');

    const [row] = await api.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secret).not.toContain(endpoint.secret.slice(6));
    expect(openWebhookSecret(row!.secret, resolveKeyEncryptionKey(api.config), endpoint.id)).toBe(endpoint.secret);
    // Sealed for this endpoint: the same value in another endpoint's row does not open.
    expect(() => openWebhookSecret(row!.secret, resolveKeyEncryptionKey(api.config), zone.id)).toThrow();

    const listed = await api.request('GET', '/webhooks', { token: owner.apiKey });
    expect(listed.body.data.find((item: { id: string }) => item.id === endpoint.id)).not.toHaveProperty('secret');
    expect((await api.request('GET', `/webhooks/${endpoint.id}`, { token: owner.apiKey })).body.data).not.toHaveProperty('secret');
  });

  it('sends a record change through the API, signed, with the change in it', async () => {
    const endpoint = await endpointFor('/records', { event_types: ['zone.records_changed'] });
    const added = await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { name: 'www', type: 'A', content: ['192.0.2.10'] } });
    expect(added.status).toBe(201);
    await api.app.jobs.runUntilIdle();

    const request = await receiver.waitFor((entry) => entry.path === '/records');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toMatch(/^msg_/);
    const payload = verified(endpoint.secret, request);
    expect(payload.type).toBe('zone.records_changed');
    expect(payload.data).toMatchObject({
      zone: { id: zone.id, name: zone.name },
      source: 'api',
      added: expect.arrayContaining([{ name: `www.${zone.name}`, type: 'A', ttl: expect.any(Number), content: '192.0.2.10' }]),
      truncated: false,
    });
    expect(payload.data.serial).toBeGreaterThan(payload.data.previous_serial);
    // A tampered body or another secret does not verify.
    expect(() => verified(endpoint.secret, { ...request, body: request.body.replace('192.0.2.10', '192.0.2.11') })).toThrow();

    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 1, last_status_code: 204, event_type: 'zone.records_changed' });
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({ status_code: 204, error: null });
    expect(delivery.attempts[0].duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('sends only the event types an endpoint subscribes to, and nothing to a disabled endpoint', async () => {
    const zonesOnly = await endpointFor('/zones-only', { event_types: ['zone.created'] });
    const disabled = await endpointFor('/disabled', { enabled: false });
    const created = await createZone(api, owner);
    await api.request('POST', `/zones/${created.id}/records`, { token: owner.apiKey, body: { name: 'a', type: 'TXT', content: ['"x"'] } });
    await api.app.jobs.runUntilIdle();

    const deliveries = await deliveriesOf(zonesOnly.id);
    expect(deliveries.map((delivery: { event_type: string }) => delivery.event_type)).toEqual(['zone.created']);
    expect(verified(zonesOnly.secret, await receiver.waitFor((entry) => entry.path === '/zones-only')).data).toMatchObject({
      zone: { id: created.id, name: created.name },
    });
    expect(await deliveriesOf(disabled.id)).toEqual([]);
    expect(receiver.received.some((entry) => entry.path === '/disabled')).toBe(false);
  });

  it('tells of DNSSEC turned on (state and DS) and of a zone deleted', async () => {
    const account = await signUpOwner(api);
    const endpoint = await endpointFor('/lifecycle', { event_types: ['zone.deleted', 'dnssec.state_changed', 'dnssec.ds_changed'] }, account);
    const signed = await createZone(api, account);
    const enabled = await api.request('PATCH', `/zones/${signed.id}/dnssec/status`, { token: account.apiKey, body: { enabled: true } });
    expect(enabled.status).toBe(200);
    // The keys are made by a job: its run moves the state on and publishes the DS.
    await api.app.jobs.runUntilIdle();
    expect((await api.request('DELETE', `/zones/${signed.id}`, { token: account.apiKey })).status).toBeLessThan(300);
    await api.app.jobs.runUntilIdle();
    await api.app.jobs.runUntilIdle();

    const events = receiver.received.filter((entry) => entry.path === '/lifecycle').map((entry) => verified(endpoint.secret, entry));
    // Deliveries are not ordered among themselves (a retry comes later): receivers go by the data.
    expect(events.map((event) => event.type).sort()).toEqual(['dnssec.ds_changed', 'dnssec.state_changed', 'dnssec.state_changed', 'zone.deleted']);
    const states = events.filter((event) => event.type === 'dnssec.state_changed').map((event) => event.data);
    expect(states).toEqual(
      expect.arrayContaining([
        { zone: { id: signed.id, name: signed.name }, from: 'off', to: 'signing' },
        { zone: { id: signed.id, name: signed.name }, from: 'signing', to: 'active' },
      ]),
    );
    const ds = events.find((event) => event.type === 'dnssec.ds_changed')!.data;
    expect(ds.previous_ds).toEqual([]);
    expect(ds.ds).toHaveLength(2);
    expect(ds.ds[0].content).toMatch(/^\d+ 13 [24] [0-9A-F]+$/i);
    expect(events.find((event) => event.type === 'zone.deleted')!.data).toMatchObject({ zone: { id: signed.id, name: signed.name } });
  });

  it('retries a receiver answering 500 with growing back-off, then succeeds', async () => {
    const endpoint = await endpointFor('/flaky', { event_types: ['zone.records_changed'] });
    receiver.respond((_request, response) => void response.writeHead(500).end('database down'));
    await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { name: 'retry', type: 'A', content: ['192.0.2.20'] } });
    await api.app.jobs.runUntilIdle();

    const nextRuns: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ status: 'pending', attempt_count: attempt, last_status_code: 500, last_error: 'Answered 500' });
      expect(delivery.attempts.at(-1)).toMatchObject({ status_code: 500, response_excerpt: 'database down' });
      const delay = (Date.parse(delivery.next_attempt_at) - Date.parse(delivery.attempts.at(-1).attempted_at)) / 1000;
      nextRuns.push(delay);
      expect(delay).toBeGreaterThanOrEqual(retryDelaysSeconds[attempt - 1]!);
      expect(delay).toBeLessThan(retryDelaysSeconds[attempt - 1]! + 10);
      // Not due yet: running the queue sends nothing more.
      const before = receiver.received.length;
      await api.app.jobs.runUntilIdle();
      expect(receiver.received.length).toBe(before);
      await runDueAttempts();
    }
    expect(nextRuns[0]!).toBeLessThan(nextRuns[1]!);
    expect(nextRuns[1]!).toBeLessThan(nextRuns[2]!);
    expect((await api.request('GET', `/webhooks/${endpoint.id}`, { token: owner.apiKey })).body.data.failing_since).not.toBeNull();

    receiver.respond((_request, response) => void response.writeHead(200).end('ok'));
    await runDueAttempts();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 5, last_status_code: 200, next_attempt_at: null });
    const sent = receiver.received.filter((entry) => entry.path === '/flaky');
    expect(sent).toHaveLength(5);
    expect(new Set(sent.map((entry) => entry.headers['webhook-id'])).size).toBe(1);
    expect((await api.request('GET', `/webhooks/${endpoint.id}`, { token: owner.apiKey })).body.data.failing_since).toBeNull();
  });

  it('gives up after the last attempt of the schedule', async () => {
    const endpoint = await endpointFor('/down', { event_types: ['zone.records_changed'] });
    receiver.respond((_request, response) => void response.writeHead(503).end());
    await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { name: 'down', type: 'A', content: ['192.0.2.30'] } });
    await api.app.jobs.runUntilIdle();
    for (let attempt = 0; attempt < retryDelaysSeconds.length; attempt++) await runDueAttempts();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: retryDelaysSeconds.length + 1, next_attempt_at: null, last_status_code: 503 });
    expect(delivery.finished_at).not.toBeNull();
  });

  it('does not follow a redirect', async () => {
    const endpoint = await endpointFor('/moved');
    receiver.respond((request, response) => {
      if (request.path === '/moved') response.writeHead(307, { location: `${receiver.origin}/target` }).end();
      else response.writeHead(204).end();
    });
    const ping = await api.request('POST', `/webhooks/${endpoint.id}/test`, { token: owner.apiKey });
    expect(ping.status).toBe(202);
    await api.app.jobs.runUntilIdle();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', last_status_code: 307 });
    expect(delivery.last_error).toContain('redirects are not followed');
    expect(receiver.received.some((entry) => entry.path === '/target')).toBe(false);
  });

  it('sends a signed test event on request, whatever the endpoint subscribes to', async () => {
    const endpoint = await endpointFor('/ping', { event_types: ['invoice.issued'] });
    const ping = await api.request('POST', `/webhooks/${endpoint.id}/test`, { token: owner.apiKey });
    expect(ping.status).toBe(202);
    expect(ping.body.data).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: [] });
    await api.app.jobs.runUntilIdle();
    const payload = verified(endpoint.secret, await receiver.waitFor((entry) => entry.path === '/ping'));
    expect(payload).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
  });

  it('redelivers an event with the same webhook-id as a new delivery', async () => {
    const endpoint = await endpointFor('/again');
    await api.request('POST', `/webhooks/${endpoint.id}/test`, { token: owner.apiKey });
    await api.app.jobs.runUntilIdle();
    const [first] = await deliveriesOf(endpoint.id);
    const again = await api.request('POST', `/webhooks/${endpoint.id}/deliveries/${first.id}/redeliver`, { token: owner.apiKey });
    expect(again.status).toBe(202);
    expect(again.body.data.id).not.toBe(first.id);
    expect(again.body.data.event_id).toBe(first.event_id);
    await api.app.jobs.runUntilIdle();
    const sent = receiver.received.filter((entry) => entry.path === '/again');
    expect(sent.map((entry) => entry.headers['webhook-id'])).toEqual([first.event_id, first.event_id]);
    expect(sent[1]!.body).toBe(sent[0]!.body);
  });

  it('rotates the secret: the new one signs, the old one no longer verifies', async () => {
    const endpoint = await endpointFor('/rotated');
    const rotated = await api.request('POST', `/webhooks/${endpoint.id}/secret`, { token: owner.apiKey });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(endpoint.secret);
    await api.request('POST', `/webhooks/${endpoint.id}/test`, { token: owner.apiKey });
    await api.app.jobs.runUntilIdle();
    const request = await receiver.waitFor((entry) => entry.path === '/rotated');
    expect(verified(rotated.body.data.secret, request).type).toBe('webhook.test');
    expect(() => verified(endpoint.secret, request)).toThrow();
  });

  it('disables an endpoint failing for 5 days and mails the owner', async () => {
    const endpoint = await endpointFor('/gone');
    receiver.respond((_request, response) => void response.writeHead(410).end());
    await api.database.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 5 * 24 * 3600_000 - 60_000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await api.request('POST', `/webhooks/${endpoint.id}/test`, { token: owner.apiKey });
    await api.app.jobs.runUntilIdle();

    const state = (await api.request('GET', `/webhooks/${endpoint.id}`, { token: owner.apiKey })).body.data;
    expect(state.enabled).toBe(false);
    expect(state.disabled_reason).toContain('5 days');
    const mail = await api.mail.waitFor((message) => message.to.includes(owner.email) && message.subject.includes('was disabled'));
    expect(mail.text).toContain(endpoint.url);
    // Its retries stop, and a redelivery waits for it to be enabled.
    await runDueAttempts();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.status).toBe('failed');
    expect((await api.request('POST', `/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver`, { token: owner.apiKey })).status).toBe(409);

    const enabled = await api.request('PATCH', `/webhooks/${endpoint.id}`, { token: owner.apiKey, body: { enabled: true } });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
  });

  it('refuses special-purpose addresses unless the operator allows them, also when resolved at delivery time', async () => {
    const strict = await startTestApi();
    try {
      const account = await signUpOwner(strict);
      for (const url of [
        `${receiver.origin}/x`,
        'http://localhost:8080/x',
        'https://[::1]/x',
        'https://10.1.2.3/x',
        'http://169.254.169.254/latest/meta-data',
      ]) {
        const refused = await strict.request('POST', '/webhooks', { token: account.apiKey, body: { url } });
        expect(refused.status, url).toBe(422);
        expect(errorOf(refused).details.url).toContain('special-purpose address');
      }
      for (const url of ['ftp://example.com/', 'https://user:pass@example.com/', 'not a url']) {
        expect((await strict.request('POST', '/webhooks', { token: account.apiKey, body: { url } })).status, url).toBe(422);
      }
      // A row whose address became special-purpose after it was written (or a name resolving to loopback) is checked again before each attempt.
      const created = await strict.request('POST', '/webhooks', { token: account.apiKey, body: { url: 'https://hooks.example.com/x' } });
      expect(created.status).toBe(201);
      await strict.database.db
        .update(webhookEndpoints)
        .set({ url: `${receiver.origin}/rebound` })
        .where(eq(webhookEndpoints.id, created.body.data.id));
      await strict.request('POST', `/webhooks/${created.body.data.id}/test`, { token: account.apiKey });
      await strict.app.jobs.runUntilIdle();
      const [delivery] = (await strict.request('GET', `/webhooks/${created.body.data.id}/deliveries`, { token: account.apiKey })).body.data;
      expect(delivery.last_status_code).toBeNull();
      expect(delivery.last_error).toContain('special-purpose address (loopback)');
      expect(receiver.received.some((entry) => entry.path === '/rebound')).toBe(false);
    } finally {
      await strict.close();
    }
  });

  it('answers 404 for another customer’s endpoint on every path', async () => {
    const endpoint = await endpointFor('/mine');
    await api.request('POST', `/webhooks/${endpoint.id}/test`, { token: owner.apiKey });
    await api.app.jobs.runUntilIdle();
    const [delivery] = await deliveriesOf(endpoint.id);
    const other = await signUpOwner(api);
    const paths: [string, string, unknown?][] = [
      ['GET', `/webhooks/${endpoint.id}`],
      ['PATCH', `/webhooks/${endpoint.id}`, { enabled: false }],
      ['DELETE', `/webhooks/${endpoint.id}`],
      ['POST', `/webhooks/${endpoint.id}/secret`],
      ['POST', `/webhooks/${endpoint.id}/test`],
      ['GET', `/webhooks/${endpoint.id}/deliveries`],
      ['GET', `/webhooks/${endpoint.id}/deliveries/${delivery.id}`],
      ['POST', `/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver`],
    ];
    for (const [method, path, body] of paths) {
      const response = await api.request(method, path, { token: other.apiKey, ...(body ? { body } : {}) });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await api.request('GET', '/webhooks', { token: other.apiKey })).body.data).toEqual([]);
    expect((await api.request('GET', `/webhooks/${endpoint.id}`, { token: owner.apiKey })).body.data.enabled).toBe(true);
  });

  it('holds the webhooks scopes, the role and key restrictions on every path', async () => {
    const endpoint = await endpointFor('/scoped');
    const zonesKey = await createApiKey(api, owner, { scopes: ['zones:*', 'records:*'] });
    expect((await api.request('GET', '/webhooks', { token: zonesKey.key })).status).toBe(403);
    expect((await create({ url: `${receiver.origin}/x` }, zonesKey.key)).status).toBe(403);

    const readKey = await createApiKey(api, owner, { scopes: ['webhooks:read'] });
    expect((await api.request('GET', '/webhooks', { token: readKey.key })).status).toBe(200);
    expect((await api.request('GET', `/webhooks/${endpoint.id}/deliveries`, { token: readKey.key })).status).toBe(200);
    for (const [method, path] of [
      ['POST', '/webhooks'],
      ['PATCH', `/webhooks/${endpoint.id}`],
      ['DELETE', `/webhooks/${endpoint.id}`],
      ['POST', `/webhooks/${endpoint.id}/secret`],
      ['POST', `/webhooks/${endpoint.id}/test`],
    ] as const) {
      const response = await api.request(method, path, { token: readKey.key, body: { url: `${receiver.origin}/x` } });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(errorOf(response).message).toContain('webhooks:write');
    }

    const restricted = await createApiKey(api, owner, { scopes: ['webhooks:*'], restrictions: { allowed_zones: [zone.name] } });
    const refused = await api.request('GET', '/webhooks', { token: restricted.key });
    expect(refused.status).toBe(403);
    expect(errorOf(refused).message).toContain('whole account');

    const member = await addUser(api, owner, 'member');
    expect((await api.request('GET', '/webhooks', { token: member.accessToken })).status).toBe(403);
    const admin = await addUser(api, owner, 'admin');
    expect((await api.request('GET', '/webhooks', { token: admin.accessToken })).status).toBe(200);
  });

  it('caps the endpoints of an account', async () => {
    const account = await signUpOwner(api);
    for (let index = 0; index < 20; index++) await endpointFor(`/cap-${index}`, {}, account);
    const refused = await create({ url: `${receiver.origin}/cap-20` }, account.apiKey);
    expect(refused.status).toBe(422);
    expect(errorOf(refused).details.url).toContain('at most 20');
  });

  it('cuts the records of a big change so that the event stays bounded', async () => {
    const endpoint = await endpointFor('/big', { event_types: ['zone.records_changed'] });
    // A set's largest: 100 records of about 500 octets each.
    const content = Array.from({ length: 100 }, (_, index) => `"${'x'.repeat(250)}" "${'y'.repeat(240)}-${index}"`);
    const response = await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { name: 'big', type: 'TXT', content } });
    expect(response.status).toBe(201);
    await api.app.jobs.runUntilIdle();
    const request = await receiver.waitFor((entry) => entry.path === '/big');
    expect(Buffer.byteLength(request.body)).toBeLessThan(64 * 1024);
    const payload = verified(endpoint.secret, request);
    // The 100 records and the new SOA.
    expect(payload.data.added_count).toBe(101);
    expect(payload.data.added.length).toBeGreaterThan(10);
    expect(payload.data.added.length).toBeLessThan(101);
    expect(payload.data.truncated).toBe(true);
  });

  it('deletes an endpoint with its delivery log', async () => {
    const endpoint = await endpointFor('/deleted');
    await api.request('POST', `/webhooks/${endpoint.id}/test`, { token: owner.apiKey });
    const deleted = await api.request('DELETE', `/webhooks/${endpoint.id}`, { token: owner.apiKey });
    expect(deleted.status).toBe(200);
    await api.app.jobs.runUntilIdle();
    expect(await api.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
    expect(receiver.received.some((entry) => entry.path === '/deleted')).toBe(false);
    expect((await api.request('GET', `/webhooks/${endpoint.id}`, { token: owner.apiKey })).status).toBe(404);
  });
});
