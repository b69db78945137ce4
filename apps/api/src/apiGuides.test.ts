// The curl examples of the API guides (apps/site/content/api/*.md) run exactly as printed, with curl,
// against a real API. The state an example assumes (a zone, a set, a pending invitation) is set up
// here; the serial in the restore example is a sample value and is swapped for one from the history.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startParentZone, type ParentZone } from '@kaja/test-support/parentZone';
import { addUser, signInStaff, signUpOwner, startTestApi, type TestAccount, type TestApi } from './testing';

const execFileAsync = promisify(execFile);
const guidesFolder = new URL('../../site/content/api/', import.meta.url);

/** The ```sh blocks of a guide, in the order they are printed. */
function examples(guide: string): string[] {
  const text = readFileSync(new URL(`${guide}.md`, guidesFolder), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!.trimEnd());
}

interface CurlResult {
  status: number;
  text: string;
  body: any;
}

describe('the examples of the API guides', () => {
  let api: TestApi;
  let ada: TestAccount;
  const variables: Record<string, string> = {};

  let parent: ParentZone;

  beforeAll(async () => {
    // The parent zone `com.` the delegation guide's checks read.
    parent = await startParentZone();
    // The catalog guide's secondary is on a documentation network, which the operator allows here.
    api = await startTestApi({ env: { ...parent.env, SECONDARY_ALLOWED_CIDRS: '203.0.113.0/24' } });
    // The guides' sample customer: the address and password the sign-in example uses.
    ada = await signUpOwner(api, { email: 'ada@example.com', password: 'correct horse battery staple' });
    variables.API = `${api.origin}/v1`;
    variables.KAJA_API_KEY = ada.apiKey;
  });
  afterAll(async () => {
    await api?.close();
    await parent?.stop();
  });

  /** Runs one example through sh with the guide's variables; curl adds the HTTP status on a last line. */
  async function curl(example: string, cwd?: string): Promise<CurlResult> {
    const { stdout } = await execFileAsync('sh', ['-c', `${example} -w '\\n%{http_code}'`], { env: { ...process.env, ...variables }, cwd });
    const split = stdout.lastIndexOf('\n');
    const text = stdout.slice(0, split);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (the zone file export): the text is the answer.
    }
    return { status: Number(stdout.slice(split + 1)), text, body };
  }

  async function expectSuccess(example: string, status = 200): Promise<any> {
    const result = await curl(example);
    expect([result.status, result.body?.status], `${example}\n${result.text}`).toEqual([status, 'success']);
    return result.body.data;
  }

  /** The token of the newest invitation mailed to an address, once `count` invitations have arrived. */
  async function invitationToken(email: string, count: number): Promise<string> {
    const invitations = () => api.mail.messages.filter((message) => message.to.includes(email) && message.subject.includes('invited'));
    await expect.poll(() => invitations().length).toBe(count);
    const token = /token=([A-Za-z0-9_-]+)/.exec(invitations().at(-1)!.text)?.[1];
    if (!token) throw new Error(`No token in the invitation mailed to ${email}`);
    return token;
  }

  async function createSampleZone(): Promise<string> {
    const created = await api.request('POST', '/zones', { token: ada.apiKey, body: { name: 'example.com' } });
    expect(created.status).toBe(201);
    return created.body.data.id;
  }

  async function deleteSampleZone(zoneId: string) {
    expect((await api.request('DELETE', `/zones/${zoneId}`, { token: ada.apiKey })).status).toBe(202);
    await api.app.jobs.runUntilIdle();
  }

  it('authentication: a key lists zones; sign-in, session and sign-out with the access token', async () => {
    const blocks = examples('authentication');
    expect(blocks).toHaveLength(4);
    const [listZones, signIn, session, signOut] = blocks as [string, string, string, string];
    expect(await expectSuccess(listZones)).toEqual([]);
    const signedIn = await expectSuccess(signIn);
    expect(signedIn.user.email).toBe('ada@example.com');
    variables.KAJA_SESSION_TOKEN = signedIn.access_token;
    expect((await expectSuccess(session)).user.email).toBe('ada@example.com');
    await expectSuccess(signOut);
    expect((await curl(session)).status).toBe(401);
  });

  it('zones: create, list, read, update, metrics and the 202 delete', async () => {
    const blocks = examples('zones');
    expect(blocks).toHaveLength(6);
    const [create, list, read, update, metrics, remove] = blocks as [string, string, string, string, string, string];
    const zone = await expectSuccess(create, 201);
    expect(zone).toMatchObject({ name: 'example.com', region: 'EU_GLOBAL', ttl: 3600, status: 'active' });
    variables.ZONE_ID = zone.id;
    expect((await expectSuccess(list)).map((item: { name: string }) => item.name)).toEqual(['example.com']);
    expect((await expectSuccess(read)).id).toBe(zone.id);
    expect(await expectSuccess(update)).toMatchObject({ ttl: 7200, status: 'active' });
    const counted = await expectSuccess(metrics);
    expect(counted).toMatchObject({ zone: 'example.com', from: '2026-11-20T00:00:00.000Z', to: '2026-11-21T00:00:00.000Z', step: '6h', total: 0 });
    expect(counted.series).toHaveLength(4);
    expect((await expectSuccess(remove, 202)).status).toBe('deleting');
    await api.app.jobs.runUntilIdle();
    expect((await curl(read)).status).toBe(404);
  });

  it('overview: pages of zones and records, the OpenAPI document and the health check', async () => {
    const blocks = examples('overview');
    expect(blocks).toHaveLength(4);
    const [zones, records, openapi, health] = blocks as [string, string, string, string];
    variables.ZONE_ID = await createSampleZone();
    expect((await curl(zones)).body.meta).toEqual({ total: 1, limit: 5, offset: 0 });
    expect((await curl(records)).body).toMatchObject({ status: 'success', data: [], meta: { limit: 100, offset: 100 } });
    const document = await curl(openapi);
    expect([document.status, document.body.openapi]).toEqual([200, '3.1.0']);
    expect(await expectSuccess(health)).toMatchObject({ database: 'ok' });
    await deleteSampleZone(variables.ZONE_ID);
  });

  it('records: add, list, read, replace, delete, delete by name and value, bulk, history, restore, export, import', async () => {
    const blocks = examples('records');
    expect(blocks).toHaveLength(14);
    const [addA, addTxt, list, read, replace, remove, removeByName, addChallenges, removeOneValue, bulk, history, restore, exportZone, importDryRun] =
      blocks as [string, string, string, string, string, string, string, string, string, string, string, string, string, string];
    variables.ZONE_ID = await createSampleZone();

    const www = await expectSuccess(addA, 201);
    expect(www).toMatchObject({ name: 'www.example.com', type: 'A', ttl: 300, content: ['192.0.2.10', '192.0.2.11'] });
    variables.RECORD_ID = www.id;
    expect((await expectSuccess(addTxt, 201)).content).toEqual(['"v=spf1 mx -all"']);
    expect((await expectSuccess(list)).map((set: { name: string }) => set.name)).toEqual(['www.example.com']);
    expect((await expectSuccess(read)).id).toBe(www.id);
    expect(await expectSuccess(replace)).toMatchObject({ id: www.id, ttl: 600, content: ['192.0.2.20'] });
    expect((await expectSuccess(remove)).content).toEqual(['192.0.2.20']);

    // Deleting by name and type assumes the www set exists again.
    await expectSuccess(addA, 201);
    expect((await expectSuccess(removeByName)).rrset).toBeNull();

    await expectSuccess(addChallenges, 201);
    expect(await expectSuccess(removeOneValue)).toMatchObject({ removed: ['"gfj9Xq-Rg85nM"'], rrset: { content: ['"pC2r7xLw0Jd4s"'] } });
    const patched = await expectSuccess(bulk);
    expect(patched.changes.map((change: { action: string }) => change.action)).toEqual(['create', 'create', 'delete']);

    const changes = await expectSuccess(history);
    expect(changes[0].serial).toBe(patched.serial);
    const earlier: number = changes[1].serial;
    const restored = await expectSuccess(restore.replace('2026112004', String(earlier)));
    expect(restored).toMatchObject({ restored_serial: earlier, serial: patched.serial + 1 });

    const zoneFile = await curl(exportZone);
    expect(zoneFile.status).toBe(200);
    expect(zoneFile.text).toMatch(/^; Zone example\.com, serial \d+, exported .* from Kaja DNS\n\$ORIGIN example\.com\.\n/);
    expect(await expectSuccess(importDryRun)).toMatchObject({ mode: 'replace', dry_run: true });
    await deleteSampleZone(variables.ZONE_ID);
  });

  it('dynamic-dns: a key for one host, then updates with curl as a router makes them', async () => {
    const blocks = examples('dynamic-dns');
    expect(blocks).toHaveLength(4);
    const [createKey, update, both, fromClient] = blocks as [string, string, string, string];
    const zoneId = await createSampleZone();
    variables.USER_ID = ada.userId;
    variables.UPDATE_URL = `${api.origin}/nic/update`;
    const key = await expectSuccess(createKey, 201);
    expect(key).toMatchObject({
      scopes: ['records:write'],
      restrictions: {
        record_policies: [
          { name: 'home', type: 'A' },
          { name: 'home', type: 'AAAA' },
        ],
      },
    });
    variables.KAJA_DYNDNS_KEY = key.key;

    const answered = async (example: string) => {
      const result = await curl(example);
      return `${result.status} ${result.text.trim()}`;
    };
    expect(await answered(update)).toBe('200 good 203.0.113.7');
    expect(await answered(both)).toBe('200 good 203.0.113.7 2001:db8::7');
    expect(await answered(fromClient)).toBe('200 good 127.0.0.1');
    const sets = await api.request('GET', `/zones/${zoneId}/records?name=home`, { token: ada.apiKey });
    expect(sets.body.data.map((set: { type: string; content: string[] }) => `${set.type} ${set.content.join(',')}`)).toEqual([
      'A 127.0.0.1',
      'AAAA 2001:db8::7',
    ]);
    await deleteSampleZone(zoneId);
  });

  it('catalog-zones: turn on, a transfer key and a secondary on the catalog, turn off', async () => {
    const blocks = examples('catalog-zones');
    expect(blocks).toHaveLength(4);
    const [create, key, secondary, remove] = blocks as [string, string, string, string];
    const zoneId = await createSampleZone();
    const catalog = await expectSuccess(create, 201);
    expect(catalog).toMatchObject({
      name: `${ada.customerId.replaceAll('-', '')}.catalog.invalid`,
      version: '2',
      members: [{ zone_id: zoneId, zone: 'example.com' }],
    });
    variables.CATALOG_ZONE_ID = catalog.zone_id;
    const transferKey = await expectSuccess(key, 201);
    expect(transferKey).toMatchObject({ name: 'catalog-transfer', can_transfer: true, can_update: false });
    variables.CATALOG_KEY_ID = transferKey.id;
    expect(await expectSuccess(secondary, 201)).toMatchObject({ zone_id: catalog.zone_id, address: '203.0.113.53', port: 53, tsig_key_id: transferKey.id });
    expect((await expectSuccess(remove, 202)).status).toBe('deleting');
    await api.app.jobs.runUntilIdle();
    expect((await api.request('GET', '/catalog-zone', { token: ada.apiKey })).status).toBe(404);
    await deleteSampleZone(zoneId);
  });

  it('webhooks: register an endpoint, send a test event, read the log and redeliver', async () => {
    const blocks = examples('webhooks');
    expect(blocks).toHaveLength(4);
    const [create, log, redeliver, test] = blocks as [string, string, string, string];
    const endpoint = await expectSuccess(create, 201);
    expect(endpoint).toMatchObject({
      url: 'https://hooks.example.com/kaja',
      description: 'deploy bot',
      event_types: ['zone.records_changed', 'dnssec.ds_changed'],
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    variables.WEBHOOK_ID = endpoint.id;
    const queued = await expectSuccess(test, 202);
    expect(queued).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
    const [logged] = await expectSuccess(log);
    expect(logged).toMatchObject({ id: queued.id, event_type: 'webhook.test' });
    variables.DELIVERY_ID = logged.id;
    const again = await expectSuccess(redeliver, 202);
    expect(again.event_id).toBe(queued.event_id);
    expect(again.id).not.toBe(queued.id);
    // hooks.example.com is not reachable from here: the endpoint goes before the jobs try it.
    expect((await api.request('DELETE', `/webhooks/${endpoint.id}`, { token: ada.apiKey })).status).toBe(200);
  });

  it('invitations: invite, list, read, withdraw; accept as a new person and as a signed-in user', async () => {
    const blocks = examples('invitations');
    expect(blocks).toHaveLength(7);
    const [invite, list, read, withdraw, check, acceptNew, acceptSignedIn] = blocks as [string, string, string, string, string, string, string];
    const invitation = await expectSuccess(invite, 201);
    expect(invitation).toMatchObject({ email: 'mart@example.com', role: 'member', status: 'pending' });
    variables.INVITATION_ID = invitation.id;
    expect((await expectSuccess(list)).map((item: { id: string }) => item.id)).toEqual([invitation.id]);
    expect((await expectSuccess(read)).id).toBe(invitation.id);
    expect((await expectSuccess(withdraw)).status).toBe('revoked');

    // Accepting assumes a pending invitation: the same address is invited again.
    await expectSuccess(invite, 201);
    variables.INVITATION_TOKEN = await invitationToken('mart@example.com', 2);
    expect(await expectSuccess(check)).toMatchObject({ password_required: true, user: null, invitation: { email: 'mart@example.com' } });
    const accepted = await expectSuccess(acceptNew, 201);
    expect(accepted.user).toMatchObject({ email: 'mart@example.com', role: 'member', customer_id: ada.customerId });
    expect(accepted.access_token).toMatch(/^kst_/);

    // A person who has a user in another account, signed in there.
    const elsewhere = await signUpOwner(api);
    const person = await addUser(api, elsewhere, 'member');
    expect((await api.request('POST', '/invitations-admin', { token: ada.apiKey, body: { email: person.email, role: 'admin' } })).status).toBe(201);
    variables.INVITATION_TOKEN = await invitationToken(person.email, 1);
    variables.KAJA_SESSION_TOKEN = person.accessToken;
    expect(await expectSuccess(acceptSignedIn)).toMatchObject({
      password_required: false,
      user: { email: person.email, role: 'admin', customer_id: ada.customerId },
    });
  });

  it('billing: billing details, the current subscription, checkout, invoices and their PDF, plan change, onboarding, cancel', async () => {
    const blocks = examples('billing');
    expect(blocks).toHaveLength(9);
    const [details, current, checkout, changePlan, onboarding, list, read, pdf, cancel] = blocks as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    variables.CUSTOMER_ID = ada.customerId;
    const signIn = await api.request('POST', '/auth/signin', { body: { email: ada.email, password: ada.password } });
    variables.KAJA_SESSION_TOKEN = signIn.body.data.access_token;

    expect(await expectSuccess(details)).toMatchObject({ name: 'Vaarikas OÜ', vat_id: 'EE100931558', billing_address: { city: 'Tallinn', country: 'EE' } });
    expect(await expectSuccess(current)).toMatchObject({ plan_id: 'nano', status: 'trialing', onboarding: { total: 5 } });
    const ordered = await expectSuccess(checkout, 201);
    expect(ordered).toMatchObject({
      subscription: { plan_id: 'pro', status: 'active', billing_interval: 'month' },
      invoice: { gross_cents: 1995, vat_rate: 24 },
    });
    variables.SUBSCRIPTION_ID = ordered.subscription.id;
    variables.INVOICE_ID = ordered.invoice.id;
    expect((await expectSuccess(changePlan)).plan_id).toBe('nano');
    const steps = (await expectSuccess(onboarding)).onboarding.steps;
    expect(steps.find((step: { step: string }) => step.step === 'update_nameservers').done).toBe(true);
    expect((await expectSuccess(list)).map((invoice: { id: string }) => invoice.id)).toEqual([ordered.invoice.id]);
    expect(await expectSuccess(read)).toMatchObject({
      number: ordered.invoice.number,
      buyer: { name: 'Vaarikas OÜ' },
      lines: [{ description: 'Kaja DNS Pro, monthly subscription' }],
    });

    const folder = mkdtempSync(join(tmpdir(), 'kaja-guide-'));
    try {
      expect((await curl(pdf, folder)).status).toBe(200);
      expect(readFileSync(join(folder, 'invoice.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    expect(await expectSuccess(cancel)).toMatchObject({ status: 'active', cancel_at_period_end: true });
  });
  it('delegation: read what the parent says, check now, and see the zone become active', async () => {
    const blocks = examples('delegation');
    expect(blocks).toHaveLength(2);
    const [read, check] = blocks as [string, string];
    const zoneId = await createSampleZone();
    variables.ZONE_ID = zoneId;
    await api.app.jobs.runUntilIdle();
    await parent.delegate('example.com', ['NS ns1.other-dns.net.', 'NS ns2.other-dns.net.']);
    expect(await expectSuccess(check, 202)).toMatchObject({ status: 'pending', check_pending: true });
    await api.app.jobs.runUntilIdle();
    const elsewhere = await expectSuccess(read);
    expect(elsewhere).toMatchObject({
      status: 'pending',
      ns_state: 'elsewhere',
      ds_state: 'none',
      parent_zone: 'com',
      check_pending: false,
      ns: { parent: ['ns1.other-dns.net', 'ns2.other-dns.net'] },
    });

    await parent.delegate(
      'example.com',
      elsewhere.ns.expected.map((server: string) => `NS ${server}.`),
    );
    await expectSuccess(check, 202);
    await api.app.jobs.runUntilIdle();
    expect(await expectSuccess(read)).toMatchObject({ status: 'active', ns_state: 'ours', release_at: null });
    await deleteSampleZone(zoneId);
  });

  it('status: regions, incidents; staff post an incident and its update, and list the DNS nodes', async () => {
    const blocks = examples('status');
    expect(blocks).toHaveLength(6);
    const [regions, incidents, post, update, nodes, totals] = blocks as [string, string, string, string, string, string];
    const listed = await expectSuccess(regions);
    const europe = listed.find((region: { name: string }) => region.name === 'Europe');
    expect(europe).toMatchObject({ status: 'online', status_source: 'staff', nodes: { total: 0 } });
    variables.REGION_ID = europe.id;
    variables.KAJA_STAFF_TOKEN = (await signInStaff(api)).accessToken;
    const posted = await expectSuccess(post, 201);
    expect(posted).toMatchObject({ title: 'Slow zone changes in Europe', impact: 'minor', status: 'investigating', regions: [{ name: 'Europe' }] });
    variables.INCIDENT_ID = posted.id;
    expect(await expectSuccess(update, 201)).toMatchObject({ status: 'resolved', updates: [{ status: 'resolved' }, { status: 'investigating' }] });
    expect((await expectSuccess(incidents)).map((incident: { id: string }) => incident.id)).toEqual([posted.id]);
    expect(await expectSuccess(nodes)).toEqual([]);
    const counted = await expectSuccess(totals);
    expect(counted.networks.map((network: { network: string; days: unknown[] }) => [network.network, network.days.length])).toEqual([
      ['EU', 7],
      ['GLOBAL', 7],
    ]);
    // Customers' keys cannot post.
    variables.KAJA_STAFF_TOKEN = ada.apiKey;
    expect((await curl(post)).status).toBe(403);
  });
});
