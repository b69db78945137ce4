// Valid but dangerous record sets: saved, and answered with a warning of what they do.
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../apiTest';
import type { TestAccount, TestApi } from '../../../testing';
import { createZone, setPlan } from './zoneTestKit';

describe('warnings of record sets that do something unintended', () => {
  let api: TestApi;
  let owner: TestAccount;
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
    await setPlan(api, owner, 'scale');
  });

  const call = (method: string, path: string, body?: unknown) => api.request(method, path, { token: owner.apiKey, ...(body !== undefined ? { body } : {}) });
  const codes = (body: { warnings: { code: string }[] }) => body.warnings.map((warning) => warning.code);

  it('POST saves an empty CAA issue value and warns that no authority may issue; an ordinary set has no warnings', async () => {
    const zone = await createZone(api, owner);
    const caa = await call('POST', `/zones/${zone.id}/records`, { type: 'CAA', name: '@', content: '0 issue ""' });
    expect(caa.status).toBe(201);
    expect(caa.body.data.content).toEqual(['0 issue ""']);
    expect(caa.body.warnings).toEqual([
      {
        name: zone.name,
        type: 'CAA',
        code: 'caa_forbids_issue',
        message: expect.stringContaining(`No certificate authority may issue certificates for ${zone.name}`),
      },
    ]);
    // Adding an authority to the set lifts the warning: the answer is about the whole set.
    const named = await call('POST', `/zones/${zone.id}/records`, { type: 'CAA', name: '@', content: '0 issue "letsencrypt.org"' });
    expect(named.status).toBe(200);
    expect(named.body.warnings).toEqual([]);

    const plain = await call('POST', `/zones/${zone.id}/records`, { type: 'A', name: 'www', content: '192.0.2.1' });
    expect(plain.body.warnings).toEqual([]);
  });

  it('PUT and PATCH warn of a null MX and of SPF +all', async () => {
    const zone = await createZone(api, owner);
    const mx = await call('POST', `/zones/${zone.id}/records`, { type: 'MX', name: '@', content: '10 mail.example.net.' });
    expect(mx.body.warnings).toEqual([]);
    const replaced = await call('PUT', `/zones/${zone.id}/records/${mx.body.data.id}`, { content: '0 .' });
    expect(replaced.status).toBe(200);
    expect(codes(replaced.body)).toEqual(['null_mx']);
    expect(replaced.body.warnings[0].message).toContain('accepts no mail');

    const bulk = await call('PATCH', `/zones/${zone.id}/records`, {
      changes: [
        { action: 'create', type: 'TXT', name: 'open', content: 'v=spf1 a mx +all' },
        { action: 'create', type: 'TXT', name: 'two', content: ['v=spf1 mx -all', 'v=spf1 a -all'] },
        { action: 'create', type: 'TXT', name: 'fine', content: 'v=spf1 mx -all' },
      ],
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.warnings.map((warning: { name: string; code: string }) => `${warning.name} ${warning.code}`).sort()).toEqual([
      `open.${zone.name} spf_pass_all`,
      `two.${zone.name} spf_several`,
    ]);
  });

  it('an import warns of the sets it writes, and counts its changes per type', async () => {
    const zone = await createZone(api, owner);
    const file = [`$ORIGIN ${zone.name}.`, '$TTL 300', '@ CAA 0 issue ";"', '@ MX 0 .', 'www A 192.0.2.1', 'api A 192.0.2.2'].join('\n') + '\n';
    const dryRun = await api.request('POST', `/zones/${zone.id}/import?dry_run=true`, {
      token: owner.apiKey,
      headers: { 'content-type': 'text/dns' },
      body: file,
    });
    expect(dryRun.status).toBe(200);
    expect(codes(dryRun.body.data).sort()).toEqual(['caa_forbids_issue', 'null_mx']);
    expect(dryRun.body.data.summary.by_type).toEqual([
      { type: 'A', created: 2, updated: 0, deleted: 0 },
      { type: 'CAA', created: 1, updated: 0, deleted: 0 },
      { type: 'MX', created: 1, updated: 0, deleted: 0 },
    ]);
  });

  it('describes the warnings in the OpenAPI document', async () => {
    const document = (await api.request('GET', '/openapi.json')).body;
    expect(document.components.schemas.RecordSetWarning.properties.code.enum).toEqual([
      'caa_forbids_issue',
      'caa_forbids_wildcard',
      'null_mx',
      'spf_pass_all',
      'spf_several',
    ]);
    const created = document.paths['/v1/zones/{id}/records'].post.responses['201'].content['application/json'].schema;
    expect(created.properties.warnings.items.$ref).toBe('#/components/schemas/RecordSetWarning');
  });
});
