import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseZoneFile } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../../apiTest';
import { createApiKey, errorOf, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../../testing';
import { createZone, customerWithZone, setPlan } from './zoneTestKit';

/** The DNS model's zone file with every type it reads (the one compared with BIND, Knot and ldns). */
const everyTypeFixture = readFileSync(createRequire(import.meta.url).resolve('@kaja/dns-model/fixtures/every-type.zone'), 'utf8');

describe('/v1/zones/{id}/export and /import', () => {
  let api: TestApi;
  let owner: TestAccount;
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
    await setPlan(api, owner, 'scale');
  });

  const importFile = (zoneId: string, text: string, query = '', token = owner.apiKey) =>
    api.request('POST', `/zones/${zoneId}/import${query}`, { token, headers: { 'content-type': 'text/dns' }, body: text });
  const exportFile = async (zoneId: string) => {
    const response = await fetch(`${api.origin}/v1/zones/${zoneId}/export`, { headers: { authorization: `Bearer ${owner.apiKey}` } });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      text: await response.text(),
    };
  };
  const customerSets = async (zoneId: string) =>
    (await api.request('GET', `/zones/${zoneId}/records?limit=100`, { token: owner.apiKey })).body.data
      .filter((set: any) => !set.managed)
      .map((set: any) => `${set.name} ${set.ttl} ${set.type} ${set.content.join(' | ')}`);

  // A zone with every customer type, relative names, parentheses, comments, escapes and $ORIGIN.
  const everyType = (zone: string) => `$ORIGIN ${zone}.
$TTL 1h
@        IN SOA ns.other.example. admin.other.example. ( 7 3600 600 86400 300 ) ; not imported
@        IN NS  ns.other.example.
@        300 IN A     192.0.2.1
@        IN AAAA  2001:db8::1
@        IN MX    10 mail
@        IN TXT   "v=spf1 mx -all"
@        IN CAA   0 issue "letsencrypt.org"
www      IN CNAME @
mail     IN A     192.0.2.25
_sip._tcp IN SRV  10 5 5060 sip.example.net.
_443._tcp.www IN TLSA 3 1 1 ${'ab'.repeat(32)}
host     IN SSHFP 4 2 ${'cd'.repeat(32)}
svc      IN SVCB  1 svc.example.net. port=8443
web      IN HTTPS 1 . alpn=h2
ptr      IN PTR   target.example.net.
naptr    IN NAPTR 100 10 "S" "SIP+D2U" "" _sip._udp.example.net.
quoted   IN TXT   "semi;colon" "quote\\"inside"
child    IN NS    ns1.example.net.
child    IN DS    12345 13 2 ${'ef'.repeat(32)}
$ORIGIN sub.${zone}.
deep     IN A     192.0.2.99
`;

  it('exports the zone as an RFC 1035 master file that BIND accepts', async () => {
    const zone = await createZone(api, owner);
    expect((await importFile(zone.id, everyType(zone.name))).status).toBe(200);
    const file = await exportFile(zone.id);
    expect(file.status).toBe(200);
    expect(file.type).toBe('text/dns; charset=utf-8');
    expect(file.disposition).toBe(`attachment; filename="${zone.name}.zone"`);
    expect(file.text).toContain(`$ORIGIN ${zone.name}.`);
    expect(file.text).toMatch(new RegExp(`^@\\s+3600 IN SOA\\s+ns1\\.eu\\.kaja\\.dns\\. hostmaster\\.${zone.name.replace(/\./g, '\\.')}\\. `, 'm'));
    const dir = mkdtempSync(join(tmpdir(), 'kaja-export-'));
    try {
      writeFileSync(join(dir, 'zone'), file.text);
      const output = execFileSync('named-checkzone', ['-i', 'none', zone.name, join(dir, 'zone')], { encoding: 'utf8' });
      expect(output).toContain('OK');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('round trip: export, import into an empty zone of the same name, export gives the same records', async () => {
    const zone = await createZone(api, owner);
    await importFile(zone.id, everyType(zone.name));
    const first = await exportFile(zone.id);
    expect((await api.request('DELETE', `/zones/${zone.id}`, { token: owner.apiKey })).status).toBe(202);
    await api.app.jobs.runUntilIdle();
    const again = await createZone(api, owner, { name: zone.name });
    const imported = await importFile(again.id, first.text);
    expect(imported.status).toBe(200);
    const second = await exportFile(again.id);
    // Only the SOA serial and the comment with the time may differ.
    const records = (text: string) =>
      text
        .split('\n')
        .filter((line) => !line.startsWith(';'))
        .map((line) => line.replace(/ \d{10} 7200 /, ' SERIAL 7200 '));
    expect(records(second.text)).toEqual(records(first.text));
  });

  it('imports every type, leaves out the file’s SOA and apex NS and says so', async () => {
    const zone = await createZone(api, owner);
    const response = await importFile(zone.id, everyType(zone.name));
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data).toMatchObject({ mode: 'merge', dry_run: false, serial: zone.serial + 1 });
    expect(data.summary).toEqual({
      records_in_file: 20,
      sets_created: 18,
      sets_updated: 0,
      sets_deleted: 0,
      records_added: 18,
      records_removed: 0,
      by_type: expect.any(Array),
    });
    // One set of each type: the counts per type add up to the sets created.
    const byType = data.summary.by_type as { type: string; created: number; updated: number; deleted: number }[];
    expect(byType.map((row) => row.type)).toEqual([...byType.map((row) => row.type)].sort());
    expect(byType.reduce((total, row) => total + row.created, 0)).toBe(18);
    expect(data.ignored).toEqual([
      { name: zone.name, type: 'SOA', count: 1, reason: expect.stringContaining('managed by the platform') },
      { name: zone.name, type: 'NS', count: 1, reason: expect.stringContaining('managed by the platform') },
    ]);
    const sets = await customerSets(zone.id);
    expect(sets).toContain(`${zone.name} 300 A 192.0.2.1`);
    expect(sets).toContain(`${zone.name} 3600 MX 10 mail.${zone.name}.`);
    expect(sets).toContain(`www.${zone.name} 3600 CNAME ${zone.name}.`);
    expect(sets).toContain(`quoted.${zone.name} 3600 TXT "semi;colon" "quote\\"inside"`);
    expect(sets).toContain(`deep.sub.${zone.name} 3600 A 192.0.2.99`);
    const history = await api.request('GET', `/zones/${zone.id}/history?limit=1`, { token: owner.apiKey });
    expect(history.body.data[0]).toMatchObject({ source: 'import', serial: zone.serial + 1 });
  });

  it('merge replaces the file’s sets and keeps the others; replace also removes the others; dry_run writes nothing', async () => {
    const zone = await createZone(api, owner);
    await importFile(zone.id, `www 300 IN A 192.0.2.1\nold 300 IN TXT "old"\n`);
    const merged = await importFile(zone.id, `www 300 IN A 192.0.2.2\nnew 300 IN TXT "new"\n`, '?mode=merge');
    expect(merged.body.data.changes).toEqual([
      { name: `www.${zone.name}`, type: 'A', action: 'update', ttl: 300, removed: ['192.0.2.1'], added: ['192.0.2.2'] },
      { name: `new.${zone.name}`, type: 'TXT', action: 'create', ttl: 300, removed: [], added: ['"new"'] },
    ]);
    expect(await customerSets(zone.id)).toEqual([`new.${zone.name} 300 TXT "new"`, `old.${zone.name} 300 TXT "old"`, `www.${zone.name} 300 A 192.0.2.2`]);

    const serial = (await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.serial;
    const dry = await importFile(zone.id, `www 300 IN A 192.0.2.2\n`, '?mode=replace&dry_run=true');
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ dry_run: true, serial, summary: { sets_deleted: 2 }, changes_total: 2 });
    expect(dry.body.data.changes.map((change: any) => `${change.action} ${change.name}`).sort()).toEqual([
      `delete new.${zone.name}`,
      `delete old.${zone.name}`,
    ]);
    expect(await customerSets(zone.id)).toHaveLength(3);

    const replaced = await importFile(zone.id, `www 300 IN A 192.0.2.2\n`, '?mode=replace');
    expect(replaced.body.data.serial).toBe(serial + 1);
    expect(await customerSets(zone.id)).toEqual([`www.${zone.name} 300 A 192.0.2.2`]);
  });

  it('reports every bad line with its number and writes nothing', async () => {
    const zone = await createZone(api, owner);
    const text = [
      '$TTL 300',
      'good IN A 192.0.2.1',
      'bad IN A 999.1.1.1',
      'worse IN MX mail',
      'x IN NOPE 1',
      'fine IN TXT "ok"',
      'out.example.org. IN A 192.0.2.1',
    ].join('\n');
    const response = await importFile(zone.id, text);
    expect(response.status).toBe(422);
    const error = errorOf(response);
    expect(error.message).toMatch(/^Line 3: .* \(and 3 more bad lines\)$/);
    expect(error.details).toMatchObject({ error_count: 4, file: '4 lines have errors; nothing was imported' });
    expect((error.details as any).lines.map((line: any) => line.line)).toEqual([3, 4, 5, 7]);
    expect(await customerSets(zone.id)).toEqual([]);
  });

  it('refuses the types customers may not write through the API (meta types, obsolete ones) with their line numbers, storing nothing', async () => {
    const zone = await createZone(api, owner);
    const text = ['$TTL 300', 'good IN A 192.0.2.1', 'opt IN OPT \\# 0', 'xfr IN AXFR \\# 0', 'old IN SPF "v=spf1 -all"', 'fine IN TXT "ok"'].join('\n');
    const serial = (await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.serial;
    const response = await importFile(zone.id, text);
    expect(response.status).toBe(422);
    const error = errorOf(response);
    expect((error.details as any).lines).toEqual([
      { line: 3, message: 'Record type OPT is not supported' },
      { line: 4, message: 'Record type AXFR is not supported' },
      { line: 5, message: 'Record type SPF is not supported' },
    ]);
    expect(error.details).toMatchObject({ error_count: 3, file: '3 lines have errors; nothing was imported' });
    expect(await customerSets(zone.id)).toEqual([]);
    expect((await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.serial).toBe(serial);
    // The same decision as the records endpoint's.
    const posted = await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'OPT', name: 'opt', content: '\\# 0' } });
    expect(errorOf(posted).details).toEqual({ type: 'Record type OPT is not supported' });
  });

  it('imports the DNS model’s every-type zone file: types customers may not write refused by line, then bad practice by set, storing nothing; every other type stored', async () => {
    const zone = await createZone(api, owner);
    const text = everyTypeFixture.replaceAll('every-type.example', zone.name);
    const serial = (await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.serial;
    const refused = await importFile(zone.id, text);
    expect(refused.status).toBe(422);
    // What the API decided customers may not write (decision 028): obsolete, experimental and unassigned types.
    const refusedLines = [
      [18, 'SPF'],
      [31, 'RT'],
      [34, 'X25'],
      [35, 'ISDN'],
      [36, 'ISDN'],
      [37, 'MB'],
      [38, 'MG'],
      [39, 'MR'],
      [40, 'MINFO'],
      [59, 'HIP'],
      [60, 'APL'],
      [61, 'APL'],
      [62, 'CSYNC'],
      [63, 'ZONEMD'],
      [65, 'NID'],
      [66, 'L32'],
      [67, 'L64'],
      [68, 'LP'],
      [78, 'TYPE65000'],
    ] as const;
    expect((errorOf(refused).details as any).lines).toEqual(refusedLines.map(([line, type]) => ({ line, message: `Record type ${type} is not supported` })));
    expect(await customerSets(zone.id)).toEqual([]);
    expect((await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.serial).toBe(serial);

    // Without those lines the file imports, and every type left in it is stored.
    const lines = text.split('\n');
    // The ZONEMD record goes on in parentheses on line 64.
    const withoutRefusedTypes = new Set([...refusedLines.map(([line]) => line), 64]);
    // The API's checks of good practice come next, per set: a null MX beside another MX, a CAA tag nobody defined.
    const unchecked = await importFile(zone.id, lines.filter((_, i) => !withoutRefusedTypes.has(i + 1)).join('\n'));
    expect(errorOf(unchecked).details).toEqual({
      [`${zone.name}/MX.content`]: 'A null MX (".") must have priority 0',
      [`${zone.name}/CAA.content`]: 'CAA tag must be issue, issuewild, iodef or issuemail, not "tbs"',
    });
    expect(await customerSets(zone.id)).toEqual([]);
    const kept = lines.filter((_, i) => !withoutRefusedTypes.has(i + 1) && i + 1 !== 13 && i + 1 !== 20).join('\n');
    const imported = await importFile(zone.id, kept);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const { records } = parseZoneFile(kept, { origin: zone.name });
    const expected = new Set(records.filter((r) => !(r.name === zone.name && (r.type === 'SOA' || r.type === 'NS'))).map((r) => `${r.name} ${r.type}`));
    const stored = new Set<string>(
      (await customerSets(zone.id)).map((line: string) =>
        line
          .split(' ', 3)
          .filter((_, i) => i !== 1)
          .join(' '),
      ),
    );
    expect(stored).toEqual(expected);
    expect(new Set([...stored].map((set) => set.split(' ')[1])).size).toBe(30);
  });

  it('lists the first 1000 set changes of a large import and counts them all', async () => {
    const zone = await createZone(api, owner);
    const text = Array.from({ length: 1500 }, (_, i) => `h${i} 300 IN A 192.0.2.1`).join('\n');
    const dry = await importFile(zone.id, text, '?dry_run=true');
    expect(dry.status).toBe(200);
    expect(dry.body.data.changes_total).toBe(1500);
    expect(dry.body.data.summary).toMatchObject({ sets_created: 1500, records_added: 1500 });
    expect(dry.body.data.changes).toHaveLength(1000);
    expect(dry.body.data.changes[0]).toEqual({ name: `h0.${zone.name}`, type: 'A', action: 'create', ttl: 300, removed: [], added: ['192.0.2.1'] });
  });

  it('writes a change of more sets than one statement takes: every set added, then every one removed, counts kept', async () => {
    // 5,000 sets go in a statement: these go in three, the last with the journal entry and serial.
    const zone = await createZone(api, owner);
    const many = 10_001;
    const added = await importFile(zone.id, Array.from({ length: many }, (_, i) => `h${i} 300 IN A 192.0.2.${i % 250}`).join('\n'));
    expect(added.status).toBe(200);
    const listed = async (query = '') => (await api.request('GET', `/zones/${zone.id}/records?limit=1${query}`, { token: owner.apiKey })).body;
    expect((await listed()).meta.total).toBe(many + 2);
    expect((await listed('&name=h10000')).data[0]).toMatchObject({ name: `h10000.${zone.name}`, type: 'A', ttl: 300, content: ['192.0.2.0'] });
    expect((await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.record_count).toBe(many);

    const replaced = await importFile(zone.id, 'only 300 IN TXT "left"', '?mode=replace');
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.summary).toMatchObject({ sets_created: 1, sets_deleted: many });
    expect((await listed()).meta.total).toBe(3);
    const after = (await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data;
    expect(after).toMatchObject({ record_count: 1, serial: replaced.body.data.serial });
    const [change] = (await api.request('GET', `/zones/${zone.id}/history?limit=1`, { token: owner.apiKey })).body.data;
    expect(change).toMatchObject({ serial: after.serial, removed_count: many, added_count: 1 });
  });

  it('never writes a plan the zone has moved past: a change committed while an import is planned is planned again', async () => {
    const zone = await createZone(api, owner);
    const text = Array.from({ length: 3000 }, (_, i) => `h${i} 300 IN A 192.0.2.1`).join('\n');
    const [imported] = await Promise.all([
      importFile(zone.id, text, '?mode=replace'),
      (async () => {
        for (let i = 0; i < 3; i++) {
          const added = await api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'TXT', name: `extra${i}`, content: 'x' } });
          expect(added.status).toBe(201);
        }
      })(),
    ]);
    expect([200, 409]).toContain(imported.status);
    const history = (await api.request('GET', `/zones/${zone.id}/history?limit=100`, { token: owner.apiKey })).body.data as {
      serial: number;
      source: string;
      added: { name: string }[];
    }[];
    const importSerial = history.find((change) => change.source === 'import')?.serial ?? 0;
    for (let i = 0; i < 3; i++) {
      const name = `extra${i}.${zone.name}`;
      const serial = history.find((change) => change.added.some((record) => record.name === name))!.serial;
      const present = (await api.request('GET', `/zones/${zone.id}/records?name=extra${i}`, { token: owner.apiKey })).body.data.length > 0;
      // Replace removes every set the file lacks that the zone had when the import was written.
      expect(present, `${name} added at serial ${serial}, import at ${importSerial}`).toBe(serial > importSerial);
    }
  });

  it('reports the first 100 bad lines and how many there are', async () => {
    const zone = await createZone(api, owner);
    const many = Array.from({ length: 250 }, (_, i) => `host-${i} IN A not-an-address`).join('\n');
    const refused = errorOf(await importFile(zone.id, many, '?dry_run=true'));
    expect(refused.message).toMatch(/^Line 1: .* \(and 249 more bad lines\)$/);
    expect(refused.details).toMatchObject({ error_count: 250, file: '250 lines have errors; nothing was imported' });
    expect((refused.details as any).lines.map((line: any) => line.line)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('refuses $INCLUDE clearly, and sets breaking the RRset rules', async () => {
    const zone = await createZone(api, owner);
    const include = await importFile(zone.id, '$INCLUDE other.zone\nwww IN A 192.0.2.1\n');
    expect(errorOf(include).details).toMatchObject({
      lines: [{ line: 1, message: '$INCLUDE is not supported: paste the included records into this file instead' }],
    });
    const rules = await importFile(zone.id, '@ 300 IN CNAME other.example.net.\nttl 300 IN A 192.0.2.1\nttl 600 IN A 192.0.2.2\n');
    expect(rules.status).toBe(422);
    expect(errorOf(rules).details).toEqual({ [`ttl.${zone.name}/A.ttl`]: 'All A records of ttl.' + zone.name + ' must have the same TTL (found 300 and 600)' });
    const cname = await importFile(zone.id, '@ 300 IN CNAME other.example.net.\n');
    expect(errorOf(cname).details).toMatchObject({ [`${zone.name}/CNAME.content`]: 'CNAME cannot be at the root of a domain' });
    expect(await customerSets(zone.id)).toEqual([]);
  });

  it('accepts up to 10 MiB on this route only, and counts imported records against the plan', async () => {
    const zone = await createZone(api, owner);
    const padding = `; ${'x'.repeat(1000)}\n`.repeat(2 * 1024);
    const big = await importFile(zone.id, `${padding}www 300 IN A 192.0.2.1\n`);
    expect(big.status).toBe(200);
    const tooBig = await importFile(zone.id, `${padding.repeat(6)}www 300 IN A 192.0.2.1\n`);
    expect(tooBig.status).toBe(413);
    expect(errorOf(tooBig)).toEqual({
      code: 'payload_too_large',
      message: 'Request body is too large: this call takes at most 10485760 bytes',
      details: { limit_bytes: 10 * 1024 * 1024 },
    });
    const jsonTooBig = await api.request('POST', `/zones/${zone.id}/records`, {
      token: owner.apiKey,
      body: { type: 'TXT', name: 'x', content: 'y'.repeat(2 * 1024 * 1024) },
    });
    expect(jsonTooBig.status).toBe(413);

    const { account, zone: small } = await customerWithZone(api, 'nano');
    const lines = Array.from({ length: 201 }, (_, i) => `h${i} 300 IN A 192.0.2.1`).join('\n');
    const over = await importFile(small.id, lines, '', account.apiKey);
    expect(over.status).toBe(403);
    expect(errorOf(over).details).toMatchObject({ resource: 'records', limit: 200, usage: 0, requested: 201 });
  });

  it('refuses imports beyond what its threads and queue take with 503 unavailable, and takes imports again afterwards', async () => {
    const busy = await startTestApi({ workers: { threads: 1, queue: 0 } });
    try {
      const account = await signUpOwner(busy);
      const zone = await createZone(busy, account);
      const bad = 'host IN A not-an-address\n'.repeat(40_000);
      const send = (text: string) =>
        busy.request('POST', `/zones/${zone.id}/import?dry_run=true`, { token: account.apiKey, headers: { 'content-type': 'text/dns' }, body: text });
      const answers = await Promise.all([send(bad), send(bad), send(bad), send(bad)]);
      const refused = answers.filter((answer) => answer.status === 503);
      expect(refused.length).toBeGreaterThan(0);
      expect(errorOf(refused[0]!)).toMatchObject({ code: 'unavailable', details: { retry_after: 5 } });
      expect(refused[0]!.headers.get('retry-after')).toBe('5');
      expect(answers.filter((answer) => answer.status !== 503).map((answer) => answer.status)).toEqual(
        answers.filter((answer) => answer.status !== 503).map(() => 422),
      );
      expect((await send('www 300 IN A 192.0.2.1\n')).status).toBe(200);
    } finally {
      await busy.close();
    }
  });

  it('needs records:write to import and records:read to export; other customers get 404', async () => {
    const { zone } = await customerWithZone(api);
    expect((await exportFile(zone.id)).status).toBe(404);
    expect((await importFile(zone.id, 'www IN A 192.0.2.1\n')).status).toBe(404);
    const mine = await createZone(api, owner);
    const unsupported = await api.request('POST', `/zones/${mine.id}/import`, {
      token: owner.apiKey,
      headers: { 'content-type': 'application/xml' },
      body: '<zone/>',
    });
    expect(unsupported.status).toBe(400);
    const reader = await createApiKey(api, owner, { scopes: ['records:read'] });
    expect((await importFile(mine.id, 'www IN A 192.0.2.1\n', '', reader.key)).status).toBe(403);
    const exported = await fetch(`${api.origin}/v1/zones/${mine.id}/export`, { headers: { authorization: `Bearer ${reader.key}` } });
    expect(exported.status).toBe(200);
  });
});
