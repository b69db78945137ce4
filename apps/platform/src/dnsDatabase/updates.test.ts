// Dynamic updates with a TSIG key made through the API: BIND's nsupdate adds an ACME challenge
// to a signed zone on the database node, which answers it validated at once; a change the key's
// record policies do not allow is refused, also when the policies came from the API key that made it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpOwner } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delv, writeDsTrustAnchor } from '@kaja/test-support/delv';
import { dig } from '@kaja/test-support/dig';
import { nsupdate } from '@kaja/test-support/nsupdate';
import { coverageZoneText, signThroughApi, startApiWithNode, type ApiWithNode } from './testing';

describe(`dynamic updates with a TSIG key from the API (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let kit: ApiWithNode;
  let dir: string;
  beforeAll(async () => {
    kit = await startApiWithNode();
    dir = await mkdtemp(join(tmpdir(), 'dns-database-update-'));
  });
  afterAll(async () => {
    await kit?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('adds the _acme-challenge TXT the key may change, answered and validated right away, and refuses anything else', async () => {
    const zone = await createZone(kit.api, kit.owner);
    await kit.send('POST', `/zones/${zone.id}/import`, coverageZoneText(zone.name), { 'content-type': 'text/dns' });
    const anchors = join(dir, 'anchors.conf');
    await writeDsTrustAnchor(anchors, zone.name, await signThroughApi(kit, zone, { nsec3: true }));
    const key = await kit.send('POST', `/zones/${zone.id}/tsig-keys`, {
      can_update: true,
      record_policies: [{ name: '_acme-challenge', type: 'TXT', allow: true }],
    });
    await kit.served(zone);
    const challenge = `_acme-challenge.${zone.name}`;
    expect(await delv(kit.port, anchors, zone.name, challenge, 'TXT')).toMatch(/; negative response, fully validated/);

    const added = await nsupdate(kit.port, key, [`zone ${zone.name}`, `update add ${challenge} 60 TXT "token-from-the-ca"`, 'send']);
    expect(added, added.output).toMatchObject({ code: 0 });
    // The update answers after commit; the node follows the journal like any other change.
    const serial = await kit.served(zone);
    expect((await dig(kit.port, challenge, 'TXT')).answer).toEqual([`${challenge}. 60 IN TXT "token-from-the-ca"`]);
    expect(await delv(kit.port, anchors, zone.name, challenge, 'TXT')).toMatch(/; fully validated\n.*\s+IN\s+TXT\s+"token-from-the-ca"/s);

    for (const command of [
      `update add www2.${zone.name} 60 A 192.0.2.66`,
      `update add ${challenge} 60 CAA 0 issue "ca.example"`,
      `update add txt.${zone.name} 60 TXT "elsewhere"`,
      `update delete mail.${zone.name} A`,
    ]) {
      const refused = await nsupdate(kit.port, key, [`zone ${zone.name}`, command, 'send']);
      expect(refused.code, command).not.toBe(0);
      expect(refused.output, command).toMatch(/REFUSED/);
    }
    expect(await kit.served(zone)).toBe(serial);
    expect((await dig(kit.port, `www2.${zone.name}`, 'A')).rcode).toBe('NXDOMAIN');
    expect(await delv(kit.port, anchors, zone.name, `mail.${zone.name}`, 'A')).toMatch(/; fully validated/);

    const removed = await nsupdate(kit.port, key, [`zone ${zone.name}`, `update delete ${challenge} TXT`, 'send']);
    expect(removed, removed.output).toMatchObject({ code: 0 });
    await kit.served(zone);
    expect(await delv(kit.port, anchors, zone.name, challenge, 'TXT')).toMatch(/; negative response, fully validated/);
  });

  it('adds and deletes the DS of a delegation whose name servers have glue under it', async () => {
    const zone = await createZone(kit.api, kit.owner);
    await kit.send('POST', `/zones/${zone.id}/import`, coverageZoneText(zone.name), { 'content-type': 'text/dns' });
    const key = await kit.send('POST', `/zones/${zone.id}/tsig-keys`, { can_update: true });
    await kit.served(zone);
    const ds = '54321 13 2 4b1b1b4e4c8a9c2e2b9f1e2d3c4b5a69788796a5b4c3d2e1f0e1d2c3b4a59687';

    const added = await nsupdate(kit.port, key, [`zone ${zone.name}`, `update add insecure.${zone.name} 3600 DS ${ds}`, 'send']);
    expect(added, added.output).toMatchObject({ code: 0 });
    await kit.served(zone);
    const answer = (await dig(kit.port, `insecure.${zone.name}`, 'DS')).answer;
    expect(answer).toHaveLength(1);
    // dig writes the digest in groups: compared without the spaces.
    expect(answer[0]!.replace(/\s+/g, '').toLowerCase()).toBe(`insecure.${zone.name}.3600inds${ds.replaceAll(' ', '')}`);

    const deleted = await nsupdate(kit.port, key, [
      `zone ${zone.name}`,
      `update delete secure.${zone.name} DS`,
      `update delete insecure.${zone.name} DS`,
      'send',
    ]);
    expect(deleted, deleted.output).toMatchObject({ code: 0 });
    await kit.served(zone);
    for (const name of ['secure', 'insecure']) expect((await dig(kit.port, `${name}.${zone.name}`, 'DS')).answer).toEqual([]);
  });

  it('two customers may both name a key transfer-key: each signs updates of its own zone only', async () => {
    const other = await signUpOwner(kit.api);
    const zones = [await createZone(kit.api, kit.owner), await createZone(kit.api, other)];
    const tokens = [kit.owner.apiKey, other.apiKey];
    const keys = [];
    for (const [index, zone] of zones.entries()) {
      const created = await kit.api.request('POST', `/zones/${zone.id}/tsig-keys`, { token: tokens[index], body: { name: 'transfer-key', can_update: true } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      keys.push(created.body.data);
      await kit.served(zone, tokens[index]);
    }
    for (const [index, zone] of zones.entries()) {
      const own = await nsupdate(kit.port, keys[index], [`zone ${zone.name}`, `update add own.${zone.name} 60 A 192.0.2.${index + 1}`, 'send']);
      expect(own, own.output).toMatchObject({ code: 0 });
      const foreign = zones[1 - index]!;
      const refused = await nsupdate(kit.port, keys[index], [`zone ${foreign.name}`, `update add stolen.${foreign.name} 60 A 192.0.2.9`, 'send']);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toMatch(/NOTAUTH|BADSIG|BADKEY/);
    }
    for (const [index, zone] of zones.entries()) {
      await kit.served(zone, tokens[index]);
      expect((await dig(kit.port, `own.${zone.name}`, 'A')).answer).toEqual([`own.${zone.name}. 60 IN A 192.0.2.${index + 1}`]);
      expect((await dig(kit.port, `stolen.${zone.name}`, 'A')).rcode).toBe('NXDOMAIN');
    }
  });

  it('refuses an update past the plan\u2019s record limit, with nothing written or served', async () => {
    const account = await signUpOwner(kit.api);
    await setPlan(kit.api, account, 'nano');
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await kit.api.request(method, path, { token: account.apiKey, body });
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body.data;
    };
    const zone = await createZone(kit.api, account);
    await call('PATCH', `/zones/${zone.id}/records`, {
      changes: Array.from({ length: 199 }, (_, i) => ({ action: 'create', type: 'A', name: `h${i}`, content: '192.0.2.1' })),
    });
    const key = await call('POST', `/zones/${zone.id}/tsig-keys`, { can_update: true });
    await kit.served(zone, account.apiKey);

    const last = await nsupdate(kit.port, key, [`zone ${zone.name}`, `update add last.${zone.name} 60 A 192.0.2.2`, 'send']);
    expect(last, last.output).toMatchObject({ code: 0 });
    const serial = await kit.served(zone, account.apiKey);
    const history = (await call('GET', `/zones/${zone.id}/history`)) as unknown[];

    const over = await nsupdate(kit.port, key, [`zone ${zone.name}`, `update add over.${zone.name} 60 A 192.0.2.3`, 'send']);
    expect(over.code).not.toBe(0);
    expect(over.output).toMatch(/REFUSED/);
    expect(await kit.served(zone, account.apiKey)).toBe(serial);
    expect(await call('GET', `/zones/${zone.id}/history`)).toEqual(history);
    expect((await call('GET', `/zones/${zone.id}`)).record_count).toBe(200);
    expect((await dig(kit.port, `over.${zone.name}`, 'A')).rcode).toBe('NXDOMAIN');
  });

  it('a TSIG key made through an API key allowed only www A carries that policy: nsupdate cannot change mail A', async () => {
    const zone = await createZone(kit.api, kit.owner);
    const made = await kit.api.request('POST', `/users/${kit.owner.userId}/apikeys`, {
      token: kit.owner.accessToken,
      body: { name: 'www only', scopes: ['zones:*', 'records:*'], restrictions: { record_policies: [{ name: 'www', type: 'A', allow: true }] } },
    });
    expect(made.status).toBe(201);
    // No record policies asked for: the new TSIG key gets the calling key's.
    const created = await kit.api.request('POST', `/zones/${zone.id}/tsig-keys`, { token: made.body.data.key, body: { can_update: true } });
    expect(created.status).toBe(201);
    const key = created.body.data;
    expect(key.record_policies).toEqual([{ name: 'www', type: 'A', allow: true }]);
    await kit.served(zone);

    const refused = await nsupdate(kit.port, key, [`zone ${zone.name}`, `update add mail.${zone.name} 60 A 192.0.2.66`, 'send']);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/REFUSED/);
    const allowed = await nsupdate(kit.port, key, [`zone ${zone.name}`, `update add www.${zone.name} 60 A 192.0.2.80`, 'send']);
    expect(allowed, allowed.output).toMatchObject({ code: 0 });
    await kit.served(zone);
    expect((await dig(kit.port, `www.${zone.name}`, 'A')).answer).toEqual([`www.${zone.name}. 60 IN A 192.0.2.80`]);
    expect((await dig(kit.port, `mail.${zone.name}`, 'A')).answer).toEqual([]);
  });
});
