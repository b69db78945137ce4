// Secondary zones on the platform, following a real primary: knotd started here serves the zones
// the API transfers in (AXFR with TSIG; Knot's NOTIFY reaching the DNS node brings a refresh
// forward; a change on the primary follows by IXFR, merged into what we hold); a zone Knot signs itself is served as received and validated by delv; a primary that
// goes away leaves the zone served, with the error on it, until the SOA's expire time.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { secondaryZones } from '@kaja/db';
import { eq } from '@kaja/db/orm';
import { uniqueZoneName } from '@kaja/api/testing/zones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delv, writeDsTrustAnchor } from '@kaja/test-support/delv';
import { dig } from '@kaja/test-support/dig';
import { startKnot, type KnotServer } from '@kaja/test-support/knot';
import { nsupdate } from '@kaja/test-support/nsupdate';
import { freePort } from '@kaja/test-support/ports';
import { startApiWithNode, type ApiWithNode } from './testing';

const run = promisify(execFile);

const zoneText = (serial: number, www: string, extra = '') =>
  `$TTL 300\n@ SOA ns1 hostmaster ${serial} 3600 600 86400 60\n@ NS ns1\nns1 A 192.0.2.1\nwww A ${www}\n*.wild TXT "from the wildcard"\n${extra}`;

describe(`secondary zones following a Knot primary (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let kit: ApiWithNode;
  let knot: KnotServer | undefined;
  let knotPort: number;
  const plain = uniqueZoneName('secondary');
  const signed = uniqueZoneName('signed-secondary');
  let plainZone: { id: string; name: string };
  let signedZone: { id: string; name: string };
  let key: { id: string; name: string; algorithm: string; secret: string };

  /** Runs the refresh jobs (as the API's job runner does) until `done` holds or time runs out. */
  async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      await kit.api.app.jobs.runUntilIdle();
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; knotd said:\n${knot?.log()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  const answer = async (name: string, type: string, args: string[] = []) => dig(kit.port, name, type, { args: ['+norec', ...args] });

  beforeAll(async () => {
    // The primary is knotd on loopback: the operator allows it.
    kit = await startApiWithNode({ env: { SECONDARY_ALLOWED_CIDRS: '127.0.0.0/8' } });
    knotPort = await freePort();
    plainZone = await kit.send('POST', '/zones', { name: plain, type: 'secondary', primaries: [{ address: '127.0.0.1', port: knotPort }] });
    signedZone = await kit.send('POST', '/zones', { name: signed, type: 'secondary', primaries: [{ address: '127.0.0.1', port: knotPort }] });
    key = await kit.send('POST', `/zones/${plainZone.id}/tsig-keys`, { can_transfer: false, can_update: true });
    await kit.send('PUT', `/zones/${plainZone.id}/primaries`, { primaries: [{ address: '127.0.0.1', port: knotPort, tsig_key_id: key.id }] });
    await kit.dns.secondaryNotices.load();
    knot = await startKnot(
      (dir) => `key:
  - id: ${key.name}
    algorithm: ${key.algorithm}
    secret: ${key.secret}
remote:
  - id: kaja
    address: 127.0.0.1@${kit.port}
acl:
  - id: signed_transfer
    address: 127.0.0.1
    key: ${key.name}
    action: transfer
  - id: open_transfer
    address: 127.0.0.1
    action: transfer
template:
  - id: default
    storage: ${dir}
    zonefile-load: difference-no-serial
    journal-content: all
    notify: kaja
zone:
  - domain: ${plain}
    file: ${join(dir, `${plain}.zone`)}
    acl: signed_transfer
  - domain: ${signed}
    file: ${join(dir, `${signed}.zone`)}
    acl: open_transfer
    dnssec-signing: on
`,
      { [`${plain}.zone`]: zoneText(1, '192.0.2.80'), [`${signed}.zone`]: zoneText(1, '192.0.2.90', 'a.b.c TXT "deep"\n') },
      { port: knotPort },
    );
  }, 120_000);

  afterAll(async () => {
    await knot?.stop();
    await kit?.close();
  });

  it('transfers the zone in with TSIG (AXFR) and serves it exactly as the primary has it', async () => {
    const www = await until('the first transfer', async () => {
      const response = await answer(`www.${plain}`, 'A');
      return response.rcode === 'NOERROR' && response.answer.length > 0 ? response : undefined;
    });
    expect(www.flags).toContain('aa');
    expect(www.answer).toEqual([`www.${plain}. 300 IN A 192.0.2.80`]);
    // The primary's own SOA, serial and name servers: nothing of ours.
    expect((await answer(plain, 'SOA')).answer).toEqual([`${plain}. 300 IN SOA ns1.${plain}. hostmaster.${plain}. 1 3600 600 86400 60`]);
    expect((await answer(plain, 'NS')).answer).toEqual([`${plain}. 300 IN NS ns1.${plain}.`]);
    expect((await answer(`x.wild.${plain}`, 'TXT')).answer).toEqual([`x.wild.${plain}. 300 IN TXT "from the wildcard"`]);
    const zone = await kit.send('GET', `/zones/${plainZone.id}`);
    expect(zone.type).toBe('secondary');
    expect(zone.serial).toBe(1);
    expect(zone.secondary).toMatchObject({ last_serial: 1, last_error: null, primaries: [{ address: '127.0.0.1', port: knotPort, tsig_key_id: key.id }] });
    expect(Date.parse(zone.secondary.next_refresh_at) - Date.parse(zone.secondary.last_success_at)).toBe(3600_000);
    expect(Date.parse(zone.secondary.expires_at) - Date.parse(zone.secondary.last_success_at)).toBe(86_400_000);
    expect(knot!.log()).toContain(`[${plain}.] AXFR, outgoing, remote 127.0.0.1@`);
    // Knot hands the zone out only with the key: unsigned, dig's AXFR is refused.
    const unsigned = await run('dig', ['@127.0.0.1', '-p', String(knotPort), plain, 'AXFR'], { timeout: 10_000 });
    expect(unsigned.stdout).toMatch(/Transfer failed|NOTAUTH|REFUSED/);
    // Knot's NOTIFY reaches the DNS node and is answered; from anyone but a primary it is refused.
    await until('the NOTIFY', async () => (knot!.log().includes(`[${plain}.] notify, outgoing, remote 127.0.0.1@${kit.port}, serial 1`) ? true : undefined));
    expect(knot!.log()).not.toMatch(/notify, outgoing.*(failed|REFUSED)/);
    const stranger = await run('dig', ['@127.0.0.1', '-p', String(kit.port), '-b', '127.0.0.2', '+opcode=notify', '+norec', plain, 'SOA'], { timeout: 10_000 });
    expect(stranger.stdout).toMatch(/status: REFUSED/);
  });

  it('refuses every record write to a secondary zone: API, bulk, import, restore, TTL, DNSSEC, dynamic UPDATE', async () => {
    const writes: [string, string, unknown, Record<string, string>?][] = [
      ['POST', `/zones/${plainZone.id}/records`, { name: 'new', type: 'A', content: '192.0.2.1' }],
      ['PATCH', `/zones/${plainZone.id}/records`, { changes: [{ action: 'create', name: 'new', type: 'A', content: '192.0.2.1' }] }],
      ['DELETE', `/zones/${plainZone.id}/records/by-name/www/A`, undefined],
      ['POST', `/zones/${plainZone.id}/import`, 'new 300 IN A 192.0.2.1\n', { 'content-type': 'text/dns' }],
      ['POST', `/zones/${plainZone.id}/restore`, { serial: 1 }],
      ['PUT', `/zones/${plainZone.id}`, { ttl: 600 }],
      ['PATCH', `/zones/${plainZone.id}/dnssec/status`, { enabled: true }],
    ];
    for (const [method, path, body, headers] of writes) {
      const response = await kit.api.request(method, path, { token: kit.owner.apiKey, body, ...(headers ? { headers } : {}) });
      expect(`${method} ${path} ${response.status} ${response.body?.error?.code}`, JSON.stringify(response.body)).toBe(
        `${method} ${path} 409 zone_is_secondary`,
      );
    }
    const update = await nsupdate(kit.port, key, [`zone ${plain}`, `update add new.${plain} 300 A 192.0.2.1`, 'send']);
    expect(update.output).toMatch(/REFUSED/);
    expect((await answer(`new.${plain}`, 'A')).rcode).toBe('NXDOMAIN');
    expect((await kit.send('GET', `/zones/${plainZone.id}`)).serial).toBe(1);
  });

  it('serves a zone the primary signs as it was received, and delv validates it', async () => {
    await until('the signed zone', async () => {
      const response = await answer(`www.${signed}`, 'A', ['+dnssec']);
      return response.answer.some((line) => / RRSIG /.test(line)) ? response : undefined;
    });
    const ds = (await run('keymgr', ['-c', join(knot!.dir, 'knot.conf'), signed, 'ds'], { timeout: 20_000 })).stdout
      .split('\n')
      .find((line) => / DS \d+ 13 2 /.test(line))!;
    const anchors = join(knot!.dir, 'anchors');
    await writeDsTrustAnchor(anchors, signed, ds.trim().split(/\s+/).slice(-4).join(' '));
    const check = async (name: string, type: string) => /^; ([a-z].*)$/m.exec(await delv(kit.port, anchors, signed, name, type))?.[1];
    expect(await check(`www.${signed}`, 'A')).toBe('fully validated');
    expect(await check(signed, 'DNSKEY')).toBe('fully validated');
    expect(await check(`x.wild.${signed}`, 'TXT')).toBe('fully validated');
    expect(await check(`nothere.${signed}`, 'A')).toBe('negative response, fully validated');
    expect(await check(`www.${signed}`, 'TXT')).toBe('negative response, fully validated');
    expect(await check(`b.c.${signed}`, 'A')).toBe('negative response, fully validated');
    // Served as received: Knot's own key set, not one of ours.
    const keys = await kit.api.request('GET', `/zones/${signedZone.id}/dnssec/keys`, { token: kit.owner.apiKey });
    expect(keys.body?.data ?? []).toEqual([]);
  });

  it('follows a change on the primary: NOTIFY, then IXFR from the serial held, served at once', async () => {
    const changed = Date.now();
    await writeFile(join(knot!.dir, `${plain}.zone`), zoneText(1, '192.0.2.81', 'new TXT "added on the primary"\n'));
    await knot!.control('zone-reload', plain);
    // Knot computes the difference from the file it had and numbers it itself (difference-no-serial).
    await until('the new serial', async () => {
      const response = await answer(`www.${plain}`, 'A');
      return response.answer[0] === `www.${plain}. 300 IN A 192.0.2.81` ? response : undefined;
    });
    expect(knot!.log()).toContain(`[${plain}.] notify, outgoing, remote 127.0.0.1@${kit.port}, serial 2`);
    // Incremental: the difference 1 -> 2 and nothing more (a difference we could not apply would be followed by an AXFR).
    const transfers = knot!
      .log()
      .split('\n')
      .filter((line) => line.includes(`[${plain}.] `) && /XFR, outgoing.*started/.test(line));
    expect(transfers.at(-1)).toMatch(/IXFR, outgoing, remote 127\.0\.0\.1@\d+, started, serial 1 -> 2$/);
    expect((await answer(`new.${plain}`, 'TXT')).answer).toEqual([`new.${plain}. 300 IN TXT "added on the primary"`]);
    expect((await answer(plain, 'SOA')).answer).toEqual([`${plain}. 300 IN SOA ns1.${plain}. hostmaster.${plain}. 2 3600 600 86400 60`]);
    // The records not in the difference are kept as they were.
    expect((await answer(`x.wild.${plain}`, 'TXT')).answer).toEqual([`x.wild.${plain}. 300 IN TXT "from the wildcard"`]);
    const kdig = await run('kdig', ['@127.0.0.1', '-p', String(kit.port), '+norec', `www.${plain}`, 'A'], { timeout: 10_000 });
    expect(kdig.stdout).toMatch(new RegExp(`^www\\.${plain.replace(/\./g, '\\.')}\\.\\s+300\\s+IN\\s+A\\s+192\\.0\\.2\\.81$`, 'm'));
    const zone = await kit.send('GET', `/zones/${plainZone.id}`);
    expect(zone.serial).toBe(2);
    expect(zone.secondary).toMatchObject({ last_serial: 2, last_error: null });
    expect(Date.parse(zone.secondary.last_success_at)).toBeGreaterThanOrEqual(changed);
    // One change in the journal, 1 -> 2, holding exactly the primary's difference.
    const [change] = await kit.send('GET', `/zones/${plainZone.id}/history`);
    expect(change).toMatchObject({ previous_serial: 1, serial: 2, source: 'system' });
    expect(change.removed).toEqual([{ name: `www.${plain}`, type: 'A', ttl: 300, content: '192.0.2.80' }]);
    expect(change.added).toEqual([
      { name: `new.${plain}`, type: 'TXT', ttl: 300, content: '"added on the primary"' },
      { name: `www.${plain}`, type: 'A', ttl: 300, content: '192.0.2.81' },
    ]);
  });

  it('keeps serving when the primary goes away, with the error on the zone, until the SOA expire time', async () => {
    await knot!.stop();
    knot = undefined;
    await kit.send('POST', `/zones/${plainZone.id}/transfer`);
    await kit.api.app.jobs.runUntilIdle();
    const zone = await kit.send('GET', `/zones/${plainZone.id}`);
    expect(zone.secondary.last_error).toBe(`127.0.0.1 port ${knotPort}: connection refused`);
    expect(zone.secondary.last_serial).toBe(2);
    // The next try follows the SOA's retry (600 s).
    expect(Date.parse(zone.secondary.next_refresh_at) - Date.parse(zone.secondary.last_attempt_at)).toBeGreaterThanOrEqual(599_000);
    expect((await answer(`www.${plain}`, 'A')).answer).toEqual([`www.${plain}. 300 IN A 192.0.2.81`]);

    // A day later (the SOA's expire) without a transfer: the zone is no longer served.
    await kit.api.database.db
      .update(secondaryZones)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(secondaryZones.zoneId, plainZone.id));
    await kit.send('POST', `/zones/${plainZone.id}/transfer`);
    await kit.api.app.jobs.runUntilIdle();
    const expired = await kit.send('GET', `/zones/${plainZone.id}`);
    expect(expired.serial).toBe(0);
    expect(expired.secondary.last_error).toMatch(/^Expired .*connection refused$/);
    const deadline = Date.now() + 5000;
    while ((await answer(`www.${plain}`, 'A')).rcode !== 'REFUSED' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect((await answer(`www.${plain}`, 'A')).rcode).toBe('REFUSED');
  });
});
