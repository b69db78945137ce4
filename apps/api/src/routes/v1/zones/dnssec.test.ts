import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { apiTest } from '../../../apiTest';
import { and, eq, sql } from '@kaja/db/orm';
import { auditEvents, cryptokeys, jobs, zoneChanges } from '@kaja/db';
import { resolveKeyEncryptionKey } from '@kaja/config';
import { decryptPrivateKey, importCryptokey } from '@kaja/dnssec';
import { buildApp } from '../../../app';
import { createApiKey, errorOf, type TestAccount, type TestApi } from '../../../testing';
import { createZone, customerWithZone } from './zoneTestKit';

const run = promisify(execFile);

describe('/v1/zones/{id}/dnssec', () => {
  let api: TestApi;
  let owner: TestAccount;
  let other: TestAccount;
  const work = mkdtempSync(join(tmpdir(), 'kaja-dnssec-'));
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
    ({ account: owner } = await customerWithZone(api));
    ({ account: other } = await customerWithZone(api));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const call = (method: string, path: string, body?: unknown, token = owner.apiKey) => api.request(method, path, { token, body });
  const status = async (zoneId: string) => (await call('GET', `/zones/${zoneId}/dnssec/status`)).body.data;
  /** The zone's sets of a type as the record list shows them. */
  const sets = async (zoneId: string, type: string) => (await call('GET', `/zones/${zoneId}/records?type=${type}`)).body.data as any[];
  const serialOf = async (zoneId: string) => (await call('GET', `/zones/${zoneId}`)).body.data.serial as number;

  /** Turns signing on and runs the key generation job, as the platform's runner would. */
  async function signedZone(body: Record<string, unknown> = {}, account = owner) {
    const zone = await createZone(api, account);
    const enabled = await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true, ...body }, account.apiKey);
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    await api.app.jobs.runUntilIdle();
    return zone;
  }

  /** DS records as BIND computes them from the zone's exported DNSKEY set (KSKs only). */
  async function bindDs(zone: { id: string; name: string }) {
    const exported = await api.request('GET', `/zones/${zone.id}/export`, { token: owner.apiKey });
    expect(exported.status).toBe(200);
    const file = join(work, `${zone.name}.zone`);
    writeFileSync(file, typeof exported.body === 'string' ? exported.body : JSON.stringify(exported.body));
    const { stdout } = await run('dnssec-dsfromkey', ['-a', 'SHA-256', '-a', 'SHA-384', '-f', file, zone.name]);
    return stdout
      .trim()
      .split('\n')
      .map((line) => line.replace(/ ([0-9A-F]+)$/, (_, digest: string) => ` ${digest.toLowerCase()}`));
  }

  describe('turning signing on', () => {
    it('answers at once with state signing, then a job makes a KSK and a ZSK and publishes DNSKEY, CDS and CDNSKEY', async () => {
      const zone = await createZone(api, owner);
      const serial = await serialOf(zone.id);
      const response = await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true });
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ enabled: true, nsec3: false, state: 'signing', keys_ready: false, key_count: 0 });
      expect((await call('GET', `/zones/${zone.id}`)).body.data.dnssec).toEqual({ enabled: true, state: 'signing' });
      expect((await call('GET', `/zones/${zone.id}/dnssec/ds`)).body.data).toEqual({ state: 'signing', ds: [], dnskey: [] });

      await api.app.jobs.runUntilIdle();
      expect(await status(zone.id)).toMatchObject({
        enabled: true,
        state: 'active',
        keys_ready: true,
        algorithm: 'ECDSAP256SHA256',
        key_count: 2,
        keys_removed_at: null,
      });
      const zoneNow = (await call('GET', `/zones/${zone.id}`)).body.data;
      expect(zoneNow.dnssec).toEqual({ enabled: true, state: 'active' });
      expect(zoneNow.serial).toBeGreaterThan(serial);
      expect(zoneNow.record_count).toBe(0);

      const keys = (await call('GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body;
      expect(keys.meta).toEqual({ total: 2, limit: 10, offset: 0 });
      const [ksk, zsk] = [keys.data.find((key: any) => key.keytype === 'ksk'), keys.data.find((key: any) => key.keytype === 'zsk')];
      expect(ksk).toMatchObject({ active: true, algorithm: 'ECDSAP256SHA256', flags: 257 });
      expect(zsk).toMatchObject({ active: true, algorithm: 'ECDSAP256SHA256', flags: 256, ds: [] });
      expect(ksk.dnskey).toMatch(new RegExp(`^${zone.name.replace(/\./g, '\\.')}\\. IN DNSKEY 257 3 13 [A-Za-z0-9+/]+=*$`));
      expect(JSON.stringify(keys)).not.toMatch(/private/i);

      const [dnskey] = await sets(zone.id, 'DNSKEY');
      expect(dnskey).toMatchObject({ name: zone.name, ttl: zone.ttl, managed: true });
      expect(dnskey.content.sort()).toEqual([ksk, zsk].map((key) => key.dnskey.split(' IN DNSKEY ')[1]).sort());
      const [cds] = await sets(zone.id, 'CDS');
      expect(cds).toMatchObject({ managed: true, content: [ksk.ds[0].content] });
      const [cdnskey] = await sets(zone.id, 'CDNSKEY');
      expect(cdnskey).toMatchObject({ managed: true, content: [ksk.dnskey.split(' IN DNSKEY ')[1]] });
      expect(await sets(zone.id, 'NSEC3PARAM')).toEqual([]);

      const [change] = (await call('GET', `/zones/${zone.id}/history?limit=1`)).body.data;
      expect(change.added.map((record: any) => record.type).sort()).toEqual(['CDNSKEY', 'CDS', 'DNSKEY', 'DNSKEY']);
      const audit = await api.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, zone.id));
      expect(audit.map((event) => event.action)).toEqual(expect.arrayContaining(['dnssec.updated', 'dnssec.keys_generated']));
      expect(audit.find((event) => event.action === 'dnssec.updated')!.actorApiKeyId).toBe(owner.apiKeyId);
    });

    it('reaches active while the job runner runs, as a client polling the status sees it', async () => {
      const zone = await createZone(api, owner);
      api.app.jobs.start();
      try {
        expect((await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true })).body.data.state).toBe('signing');
        const deadline = Date.now() + 15_000;
        let seen = await status(zone.id);
        while (!seen.keys_ready && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          seen = await status(zone.id);
        }
        expect(seen).toMatchObject({ state: 'active', keys_ready: true });
      } finally {
        await api.app.jobs.stop();
      }
    });

    it('gives DS records that BIND and ldns compute alike from the exported DNSKEY', async () => {
      const zone = await signedZone();
      const { data } = (await call('GET', `/zones/${zone.id}/dnssec/ds`)).body;
      expect(data.state).toBe('active');
      expect(data.ds.map((ds: any) => ds.digest_type)).toEqual([2, 4]);
      expect(data.ds.map((ds: any) => ds.presentation)).toEqual(await bindDs(zone));
      const [ds] = data.ds;
      expect(ds.presentation).toBe(`${zone.name}. IN DS ${ds.key_tag} 13 2 ${ds.digest}`);
      expect(ds.content).toBe(`${ds.key_tag} 13 2 ${ds.digest}`);
      expect(ds.wire).toBe(ds.key_tag.toString(16).padStart(4, '0') + '0d02' + ds.digest);

      expect(data.dnskey).toHaveLength(1);
      const keyFile = join(work, `${zone.name}.key`);
      writeFileSync(keyFile, `${data.dnskey[0].presentation}\n`);
      expect(data.dnskey[0]).toMatchObject({ key_tag: ds.key_tag, flags: 257, protocol: 3, algorithm: 13 });
      for (const [flag, index] of [
        ['-2', 0],
        ['-4', 1],
      ] as const) {
        const { stdout } = await run('ldns-key2ds', ['-n', flag, keyFile]);
        expect(stdout.trim().split(/\s+/).slice(4).join(' ')).toBe(data.ds[index].content);
      }
    });

    it.each([
      ['ED25519', 15],
      ['RSASHA256', 8],
    ])('signs with %s when asked', async (algorithm, number) => {
      const zone = await signedZone({ algorithm });
      expect(await status(zone.id)).toMatchObject({ state: 'active', algorithm });
      const { data } = (await call('GET', `/zones/${zone.id}/dnssec/ds`)).body;
      expect(data.ds.map((ds: any) => ds.algorithm)).toEqual([number, number]);
      expect(data.ds.map((ds: any) => ds.presentation)).toEqual(await bindDs(zone));
    });

    it('stores the private keys sealed: only the key-encryption key and the row id open them', async () => {
      const zone = await signedZone();
      const rows = await api.database.db.select().from(cryptokeys).where(eq(cryptokeys.zoneId, zone.id));
      const kek = resolveKeyEncryptionKey(api.config);
      const published = (await sets(zone.id, 'DNSKEY'))[0].content as string[];
      for (const row of rows) {
        const sealed = new Uint8Array(Buffer.from(row.privateKey, 'base64'));
        const pkcs8 = decryptPrivateKey(sealed, kek, row.id);
        // PKCS #8 DER starts with a SEQUENCE; none of its bytes are in the column in clear.
        expect(pkcs8[0]).toBe(0x30);
        expect(Buffer.from(sealed).includes(Buffer.from(pkcs8.subarray(-32)))).toBe(false);
        expect(row.privateKey).not.toContain(Buffer.from(pkcs8).toString('base64').slice(0, 40));
        const key = importCryptokey({ keytype: row.keytype, algorithm: row.algorithm }, pkcs8);
        expect(key.keyTag).toBe(row.keyTag);
        expect(published).toContain(`${row.flags} 3 13 ${row.publicKey}`);
        expect(() => decryptPrivateKey(sealed, kek, rows.find((otherRow) => otherRow.id !== row.id)!.id)).toThrow(/cannot be decrypted/);
      }
    });

    it('runs the key generation after a restart: the queued job is taken by the next runner', async () => {
      const zone = await createZone(api, owner);
      await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true });
      const queued = await api.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, 'dnssec.generate_keys'), sql`${jobs.payload}->>'zone_id' = ${zone.id}`));
      expect(queued.map((job) => job.status)).toEqual(['queued']);

      const restarted = await buildApp({ config: api.config, database: api.database });
      try {
        await restarted.jobs.runUntilIdle();
      } finally {
        await restarted.close();
      }
      expect(await status(zone.id)).toMatchObject({ state: 'active', keys_ready: true, key_count: 2 });
      expect(await sets(zone.id, 'DNSKEY')).toHaveLength(1);
    });

    it('is idempotent while signing or active, and refuses another algorithm once signed', async () => {
      const zone = await signedZone();
      const serial = await serialOf(zone.id);
      expect((await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true })).body.data.state).toBe('active');
      const other = await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true, algorithm: 'ED25519' });
      expect(other.status).toBe(409);
      expect(errorOf(other).message).toContain('already signed with ECDSAP256SHA256');
      expect(await serialOf(zone.id)).toBe(serial);
    });
  });

  describe('NSEC3', () => {
    it('publishes NSEC3PARAM with the RFC 9276 parameters while NSEC3 is on, and takes it away again', async () => {
      const zone = await signedZone();
      const serial = await serialOf(zone.id);
      const on = await call('PATCH', `/zones/${zone.id}/dnssec/status`, { nsec3: true });
      expect(on.body.data).toMatchObject({ nsec3: true, state: 'active' });
      expect(await sets(zone.id, 'NSEC3PARAM')).toEqual([expect.objectContaining({ name: zone.name, content: ['1 0 0 -'], managed: true })]);
      expect(await serialOf(zone.id)).toBeGreaterThan(serial);
      const export1 = (await api.request('GET', `/zones/${zone.id}/export`, { token: owner.apiKey })).body as string;
      expect(export1).toMatch(/NSEC3PARAM\s+1 0 0 -/);

      const off = await call('PATCH', `/zones/${zone.id}/dnssec/status`, { nsec3: false });
      expect(off.body.data.nsec3).toBe(false);
      expect(await sets(zone.id, 'NSEC3PARAM')).toEqual([]);
    });

    it('keeps the choice on an unsigned zone and applies it when the keys are made', async () => {
      const zone = await createZone(api, owner);
      const serial = await serialOf(zone.id);
      expect((await call('PATCH', `/zones/${zone.id}/dnssec/status`, { nsec3: true })).body.data).toMatchObject({ nsec3: true, state: 'off', enabled: false });
      expect(await serialOf(zone.id)).toBe(serial);
      expect(await sets(zone.id, 'NSEC3PARAM')).toEqual([]);
      await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true });
      await api.app.jobs.runUntilIdle();
      expect(await sets(zone.id, 'NSEC3PARAM')).toHaveLength(1);
    });
  });

  describe('cryptokeys', () => {
    it('rolls the ZSK by pre-publishing: add inactive, activate, deactivate the old one, delete it', async () => {
      const zone = await signedZone();
      const [, oldZsk] = (await call('GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body.data.sort((a: any, b: any) => b.flags - a.flags);
      expect(oldZsk.keytype).toBe('zsk');
      const serials = [await serialOf(zone.id)];
      const step = async () => {
        serials.push(await serialOf(zone.id));
        expect(serials.at(-1)).toBeGreaterThan(serials.at(-2)!);
      };

      const created = await call('POST', `/zones/${zone.id}/dnssec/cryptokeys`, { keytype: 'ZSK' });
      expect(created.status).toBe(201);
      const newZsk = created.body.data;
      expect(newZsk).toMatchObject({ keytype: 'zsk', active: false, algorithm: 'ECDSAP256SHA256', flags: 256, ds: [] });
      expect((await sets(zone.id, 'DNSKEY'))[0].content).toHaveLength(3);
      await step();
      expect((await call('GET', `/zones/${zone.id}/dnssec/cryptokeys/${newZsk.id}`)).body.data).toEqual(newZsk);

      const activated = await call('PUT', `/zones/${zone.id}/dnssec/cryptokeys/${newZsk.id}`, { active: true });
      expect(activated.body.data).toMatchObject({ id: newZsk.id, active: true });
      expect(activated.body.data.warning).toBeUndefined();
      // Only the signatures change: a new serial, a zone change with no records.
      await step();
      const deactivated = await call('PUT', `/zones/${zone.id}/dnssec/cryptokeys/${oldZsk.id}`, { active: false });
      expect(deactivated.body.data).toMatchObject({ id: oldZsk.id, active: false });
      await step();

      const deleted = await call('DELETE', `/zones/${zone.id}/dnssec/cryptokeys/${oldZsk.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body.data).toEqual({ id: oldZsk.id, deleted: true });
      await step();
      const dnskey = (await sets(zone.id, 'DNSKEY'))[0].content as string[];
      expect(dnskey).toHaveLength(2);
      expect(dnskey).toContain(newZsk.dnskey.split(' IN DNSKEY ')[1]);
      expect(dnskey).not.toContain(oldZsk.dnskey.split(' IN DNSKEY ')[1]);
      expect((await call('GET', `/zones/${zone.id}/dnssec/cryptokeys/${oldZsk.id}`)).status).toBe(404);

      const actions = (await api.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, zone.id))).map((event) => event.action);
      expect(actions).toEqual(
        expect.arrayContaining(['dnssec.cryptokey_created', 'dnssec.cryptokey_activated', 'dnssec.cryptokey_deactivated', 'dnssec.cryptokey_deleted']),
      );
      const changes = await api.database.db.select().from(zoneChanges).where(eq(zoneChanges.zoneId, zone.id));
      expect(changes.map((change) => change.serial)).toEqual(expect.arrayContaining(serials.slice(1)));
    });

    it('rolls the KSK: a second active KSK adds its CDS, CDNSKEY and DS records', async () => {
      const zone = await signedZone();
      const created = await call('POST', `/zones/${zone.id}/dnssec/cryptokeys`, { keytype: 'ksk', active: true, algorithm: 13 });
      expect(created.body.data).toMatchObject({ keytype: 'ksk', active: true, flags: 257 });
      expect(created.body.data.ds.map((ds: any) => ds.digest_type)).toEqual([2, 4]);
      expect((await sets(zone.id, 'CDS'))[0].content).toHaveLength(2);
      expect((await sets(zone.id, 'CDNSKEY'))[0].content).toHaveLength(2);
      const { data } = (await call('GET', `/zones/${zone.id}/dnssec/ds`)).body;
      expect(data.ds).toHaveLength(4);
      expect(data.ds.map((ds: any) => ds.presentation).sort()).toEqual((await bindDs(zone)).sort());
    });

    it('needs ?force=true to delete an active key or to deactivate the last active KSK, and then warns', async () => {
      const zone = await signedZone();
      const keys = (await call('GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body.data;
      const ksk = keys.find((key: any) => key.keytype === 'ksk');
      const zsk = keys.find((key: any) => key.keytype === 'zsk');
      const serial = await serialOf(zone.id);

      const refused = await call('DELETE', `/zones/${zone.id}/dnssec/cryptokeys/${zsk.id}`);
      expect(refused.status).toBe(409);
      expect(errorOf(refused).message).toContain('?force=true');
      expect(errorOf(refused).details.force).toContain('ZSK is active');
      const deactivate = await call('PUT', `/zones/${zone.id}/dnssec/cryptokeys/${ksk.id}`, { active: false });
      expect(deactivate.status).toBe(409);
      expect(errorOf(deactivate).details.force).toContain('last active KSK');
      expect(await serialOf(zone.id)).toBe(serial);
      expect((await call('GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body.meta.total).toBe(2);

      const forced = await call('PUT', `/zones/${zone.id}/dnssec/cryptokeys/${ksk.id}?force=true`, { active: false });
      expect(forced.status).toBe(200);
      expect(forced.body.data).toMatchObject({ active: false, warning: expect.stringContaining('DS record at the registrar') });
      expect(await sets(zone.id, 'CDS')).toEqual([]);
      expect((await call('GET', `/zones/${zone.id}/dnssec/ds`)).body.data.ds).toEqual([]);
      expect((await status(zone.id)).keys_ready).toBe(false);

      const deleted = await call('DELETE', `/zones/${zone.id}/dnssec/cryptokeys/${zsk.id}?force=1`);
      expect(deleted.body.data).toMatchObject({ id: zsk.id, deleted: true, warning: expect.stringContaining('last active key') });
      expect((await sets(zone.id, 'DNSKEY'))[0].content).toHaveLength(1);
      const audit = await api.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, zone.id), eq(auditEvents.action, 'dnssec.cryptokey_deleted')));
      expect(audit[0]!.summary).toMatchObject({ forced: true, was_active: true });
    });

    it('refuses bad input with the field at fault', async () => {
      const zone = await signedZone();
      const [key] = (await call('GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body.data;
      const keys = `/zones/${zone.id}/dnssec/cryptokeys`;
      const cases: [string, string, unknown, number, string][] = [
        ['POST', keys, { keytype: 'csk' }, 422, 'keytype'],
        ['POST', keys, {}, 422, 'keytype'],
        ['POST', keys, { keytype: 'zsk', algorithm: 'DSA' }, 422, 'algorithm'],
        ['POST', keys, { keytype: 'zsk', algorithm: 5 }, 422, 'algorithm'],
        ['POST', keys, { keytype: 'zsk', active: 'yes' }, 422, 'active'],
        ['PUT', `${keys}/${key.id}`, {}, 422, 'active'],
        ['PUT', `${keys}/${key.id}?force=maybe`, { active: true }, 422, 'force'],
      ];
      for (const [method, path, body, expected, field] of cases) {
        const response = await call(method, path, body);
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(expected);
        expect(Object.keys(errorOf(response).details).join(' '), `${method} ${path}`).toContain(field);
      }
      const missing = await call('DELETE', `${keys}/00000000-0000-4000-8000-000000000000`);
      expect(missing.status).toBe(404);
      expect(errorOf(missing).message).toBe('Cryptokey not found');
      // A malformed id is an id that does not exist.
      expect((await call('GET', `${keys}/not-a-uuid`)).status).toBe(404);
      // A key of another zone of the same customer is not found through this zone.
      const second = await signedZone();
      expect((await call('GET', `/zones/${second.id}/dnssec/cryptokeys/${key.id}`)).status).toBe(404);
    });

    it('refuses key changes while the zone is not signed', async () => {
      const zone = await createZone(api, owner);
      const response = await call('POST', `/zones/${zone.id}/dnssec/cryptokeys`, { keytype: 'ksk' });
      expect(response.status).toBe(409);
      expect(errorOf(response).message).toContain('DNSSEC is off');
    });
  });

  describe('turning signing off', () => {
    it('goes to disabling with delete CDS/CDNSKEY and the same DNSKEYs; turning it on again keeps the keys', async () => {
      const zone = await signedZone();
      const keyIds = (await call('GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body.data.map((key: any) => key.id).sort();
      const cds = (await sets(zone.id, 'CDS'))[0].content;
      const before = Date.now();
      const off = await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: false });
      expect(off.status).toBe(200);
      expect(off.body.data).toMatchObject({ enabled: false, state: 'disabling', keys_ready: false, key_count: 2 });
      expect(off.body.data.message).toContain('DS record must already be removed at your registrar');
      const removal = Date.parse(off.body.data.keys_removed_at);
      expect(removal).toBeGreaterThanOrEqual(before + 172_800_000);
      expect(removal).toBeLessThan(Date.now() + 172_800_000 + 1000);
      expect((await call('GET', `/zones/${zone.id}`)).body.data.dnssec).toEqual({ enabled: false, state: 'disabling' });
      expect((await sets(zone.id, 'CDS'))[0].content).toEqual(['0 0 0 00']);
      expect((await sets(zone.id, 'CDNSKEY'))[0].content).toEqual(['0 3 0 AA==']);
      expect((await sets(zone.id, 'DNSKEY'))[0].content).toHaveLength(2);
      expect((await call('GET', `/zones/${zone.id}/dnssec/ds`)).body.data).toMatchObject({ state: 'disabling', ds: [] });
      // Not due yet: the runner leaves the keys alone.
      await api.app.jobs.runUntilIdle();
      expect((await status(zone.id)).state).toBe('disabling');

      const on = await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true });
      expect(on.body.data).toMatchObject({ enabled: true, state: 'active', keys_ready: true, keys_removed_at: null });
      expect((await call('GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body.data.map((key: any) => key.id).sort()).toEqual(keyIds);
      expect((await sets(zone.id, 'CDS'))[0].content).toEqual(cds);
      const pending = await api.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.name, 'dnssec.remove_keys'), sql`${jobs.payload}->>'zone_id' = ${zone.id}`));
      expect(pending).toEqual([]);
    });

    it('removes the keys and the DNSSEC records when the delay has passed, ending at off', async () => {
      const zone = await signedZone({ nsec3: true });
      await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: false });
      // The delay passes.
      await api.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE name = 'dnssec.remove_keys' AND payload->>'zone_id' = ${zone.id}`);
      await api.app.jobs.runUntilIdle();
      expect(await status(zone.id)).toMatchObject({ enabled: false, state: 'off', key_count: 0, keys_removed_at: null, nsec3: true });
      for (const type of ['DNSKEY', 'CDS', 'CDNSKEY', 'NSEC3PARAM']) expect(await sets(zone.id, type), type).toEqual([]);
      expect(await api.database.db.select().from(cryptokeys).where(eq(cryptokeys.zoneId, zone.id))).toEqual([]);
      const audit = await api.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, zone.id), eq(auditEvents.action, 'dnssec.keys_removed')));
      expect(audit).toHaveLength(1);

      // Signing again makes new keys.
      await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true });
      await api.app.jobs.runUntilIdle();
      expect(await status(zone.id)).toMatchObject({ state: 'active', key_count: 2 });
    });

    it('goes straight to off while the first keys are still to be made', async () => {
      const zone = await createZone(api, owner);
      await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true });
      const off = await call('PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: false });
      expect(off.body.data).toMatchObject({ enabled: false, state: 'off' });
      await api.app.jobs.runUntilIdle();
      expect(await status(zone.id)).toMatchObject({ state: 'off', key_count: 0 });
      expect(await sets(zone.id, 'DNSKEY')).toEqual([]);
    });
  });

  describe('the DNSSEC records in the zone', () => {
    it('are refused through the record API and the zone file import leaves them out', async () => {
      const zone = await signedZone();
      const [dnskey] = await sets(zone.id, 'DNSKEY');
      const added = await call('POST', `/zones/${zone.id}/records`, { type: 'DNSKEY', content: '256 3 13 ' + dnskey.content[0].split(' ')[3] });
      expect(added.status).toBe(422);
      expect(errorOf(added)).toMatchObject({ code: 'validation_failed', details: { type: 'DNSKEY records are managed by the platform when DNSSEC is on' } });
      const deleted = await call('DELETE', `/zones/${zone.id}/records/${dnskey.id}`);
      expect(deleted.status).toBe(422);
      expect(errorOf(deleted).message).toContain('managed by the platform');
      const bulk = await call('PATCH', `/zones/${zone.id}/records`, { changes: [{ action: 'delete', type: 'CDS', name: '@' }] });
      expect(bulk.status).toBe(422);

      const exported = (await api.request('GET', `/zones/${zone.id}/export`, { token: owner.apiKey })).body as string;
      expect(exported).toMatch(/\sDNSKEY\s+257 3 13 /);
      expect(exported).toMatch(/\sCDS\s/);
      const imported = await api.request('POST', `/zones/${zone.id}/import?mode=replace`, {
        token: owner.apiKey,
        body: exported,
        headers: { 'content-type': 'text/dns' },
      });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      expect(imported.body.data.summary).toMatchObject({ sets_created: 0, sets_updated: 0, sets_deleted: 0 });
      expect(imported.body.data.ignored.map((entry: any) => entry.type).sort()).toEqual(['CDNSKEY', 'CDS', 'DNSKEY', 'NS', 'SOA']);
      expect((await sets(zone.id, 'DNSKEY'))[0].content).toEqual(dnskey.content);
    });

    it('follow the zone TTL', async () => {
      const zone = await signedZone();
      await call('PUT', `/zones/${zone.id}`, { ttl: 600 });
      for (const type of ['DNSKEY', 'CDS', 'CDNSKEY', 'SOA']) expect((await sets(zone.id, type))[0].ttl, type).toBe(600);
    });
  });

  describe('access', () => {
    it('needs zones:read to read and dnssec:write to change', async () => {
      const zone = await signedZone();
      const reader = await createApiKey(api, owner, { scopes: ['zones:read'] });
      const writer = await createApiKey(api, owner, { scopes: ['dnssec:write'] });
      const [key] = (await call('GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body.data;
      const reads = ['/dnssec/status', '/dnssec/cryptokeys', `/dnssec/cryptokeys/${key.id}`, '/dnssec/ds'];
      for (const path of reads) {
        expect((await call('GET', `/zones/${zone.id}${path}`, undefined, reader.key)).status, path).toBe(200);
        expect((await call('GET', `/zones/${zone.id}${path}`, undefined, writer.key)).status, path).toBe(403);
      }
      const writes: [string, string, unknown][] = [
        ['PATCH', '/dnssec/status', { nsec3: true }],
        ['POST', '/dnssec/cryptokeys', { keytype: 'zsk' }],
        ['PUT', `/dnssec/cryptokeys/${key.id}`, { active: true }],
        ['DELETE', `/dnssec/cryptokeys/${key.id}`, undefined],
      ];
      for (const [method, path, body] of writes) {
        const response = await call(method, `/zones/${zone.id}${path}`, body, reader.key);
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(errorOf(response).message).toContain('dnssec:write');
      }
      expect((await call('PATCH', `/zones/${zone.id}/dnssec/status`, { nsec3: true }, writer.key)).status).toBe(200);
      expect((await call('POST', `/zones/${zone.id}/dnssec/cryptokeys`, { keytype: 'zsk' }, writer.key)).status).toBe(201);
    });

    it('answers 404 for another customer’s zone and for a zone the API key may not reach', async () => {
      const zone = await signedZone();
      const [key] = (await call('GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body.data;
      const elsewhere = await createApiKey(api, owner, { scopes: ['zones:read', 'dnssec:write'], restrictions: { allowed_zones: ['elsewhere.com'] } });
      const attempts: [string, string, unknown][] = [
        ['GET', '/dnssec/status', undefined],
        ['PATCH', '/dnssec/status', { enabled: false }],
        ['GET', '/dnssec/cryptokeys', undefined],
        ['POST', '/dnssec/cryptokeys', { keytype: 'zsk' }],
        ['GET', `/dnssec/cryptokeys/${key.id}`, undefined],
        ['PUT', `/dnssec/cryptokeys/${key.id}`, { active: false }],
        ['DELETE', `/dnssec/cryptokeys/${key.id}?force=true`, undefined],
        ['GET', '/dnssec/ds', undefined],
      ];
      for (const token of [other.apiKey, elsewhere.key]) {
        for (const [method, path, body] of attempts) {
          const response = await call(method, `/zones/${zone.id}${path}`, body, token);
          expect(response.status, `${method} ${path}`).toBe(404);
          expect(errorOf(response).message).toBe('Zone not found');
        }
      }
      expect(await status(zone.id)).toMatchObject({ state: 'active', key_count: 2 });
    });

    it('refuses a status change without a field, a bad algorithm, or an algorithm without enabling', async () => {
      const zone = await createZone(api, owner);
      const cases: [unknown, string][] = [
        [{}, 'enabled'],
        [{ enabled: 'yes' }, 'enabled'],
        [{ nsec3: 1 }, 'nsec3'],
        [{ enabled: true, algorithm: 'RSASHA1' }, 'algorithm'],
        [{ algorithm: 'ED25519' }, 'algorithm'],
        [{ enabled: false, algorithm: 'ED25519' }, 'algorithm'],
      ];
      for (const [body, field] of cases) {
        const response = await call('PATCH', `/zones/${zone.id}/dnssec/status`, body);
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(Object.keys(errorOf(response).details), JSON.stringify(body)).toContain(field);
      }
      expect(await status(zone.id)).toMatchObject({ state: 'off', enabled: false });
    });
  });
});
