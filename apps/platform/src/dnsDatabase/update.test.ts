import { createSocket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpdateService } from '@kaja/zone-writes';
import { createTsigKey, signUpOwner, startTestApi, type TestAccount, type TestApi, type TestTsigKey } from '@kaja/api/testing';
import { DnsClass, decodeMessage, emptyMessage, encodeMessage, Opcode, Rcode } from '@kaja/dns-model';
import { findTsig, signMessage, verifyMessage } from '@kaja/dns-model/tsig';
import { type DnsServer, startServer, ZoneStore } from '@kaja/dns';
import { udpExchange } from '@kaja/dns/testing/packets';
import { serveZones } from '@kaja/dns/testing/server';
import { nsupdate } from '@kaja/test-support/nsupdate';

// Dynamic updates end to end: BIND's nsupdate, signing with TSIG, against the DNS server with the
// API's update service on a real database (PGlite, or PostgreSQL with DATABASE_URL).
describe('dynamic updates with nsupdate', () => {
  let api: TestApi;
  let owner: TestAccount;
  let server: DnsServer;
  let port: number;
  let zone: { id: string; name: string; serial: number };
  let key: TestTsigKey;
  let acmeKey: TestTsigKey;

  beforeAll(async () => {
    api = await startTestApi();
    owner = await signUpOwner(api);
    const created = await api.request('POST', '/zones', { token: owner.apiKey, body: { name: `updates-${process.pid}-${Date.now().toString(36)}.com` } });
    zone = created.body.data;
    key = await createTsigKey(api, zone.id, { name: `updater.${zone.name}` });
    acmeKey = await createTsigKey(api, zone.id, {
      name: `acme.${zone.name}`,
      recordPolicies: [{ zone: null, name: '_acme-challenge', type: 'TXT', allow: true }],
    });
    server = await startServer({
      listen: [{ host: '127.0.0.1', port: 0 }],
      zones: new ZoneStore(),
      nodeName: 'test-node',
      updates: createUpdateService({ ...api.app.context, zoneChanges: api.app.zoneChanges }),
    });
    port = server.addresses[0]!.port;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await api?.close();
  });

  const records = async () => {
    const response = await api.request('GET', `/zones/${zone.id}/records?per_page=100`, { token: owner.apiKey });
    expect(response.status).toBe(200);
    return (response.body.data as { name: string; type: string; ttl: number; content: string[] }[])
      .filter((set) => set.type !== 'SOA' && set.type !== 'NS')
      .map((set) => `${set.name === zone.name ? '@' : set.name.slice(0, -zone.name.length - 1)} ${set.ttl} ${set.type} ${set.content.join(',')}`)
      .sort();
  };
  const serial = async () => (await api.request('GET', `/zones/${zone.id}`, { token: owner.apiKey })).body.data.serial as number;
  const update = (commands: string[], options: { tcp?: boolean; as?: TestTsigKey } = {}) =>
    nsupdate(port, options.as ?? key, [`zone ${zone.name}`, ...commands], options);

  it('adds records over UDP and deletes them over TCP, one serial per message, shown in the records and the history', async () => {
    const before = await serial();
    const added = await update([
      `update add www.${zone.name} 300 A 192.0.2.1`,
      `update add www.${zone.name} 300 A 192.0.2.2`,
      `update add ${zone.name} 3600 MX 10 mail.example.net.`,
      'send',
    ]);
    expect(added).toMatchObject({ code: 0 });
    expect(await serial()).toBe(before + 1);
    expect(await records()).toEqual([`@ 3600 MX 10 mail.example.net.`, `www 300 A 192.0.2.1,192.0.2.2`]);

    const deleted = await update([`update delete www.${zone.name} A 192.0.2.1`, 'send', `update delete ${zone.name} MX`, 'send'], { tcp: true });
    expect(deleted).toMatchObject({ code: 0 });
    expect(await serial()).toBe(before + 3);
    expect(await records()).toEqual([`www 300 A 192.0.2.2`]);

    const history = await api.request('GET', `/zones/${zone.id}/history`, { token: owner.apiKey });
    const newest = history.body.data.slice(0, 3);
    expect(newest.map((change: { serial: number }) => change.serial)).toEqual([before + 3, before + 2, before + 1]);
    for (const change of newest) expect(change).toMatchObject({ source: 'dynamic_update', actor: { type: 'tsig_key', tsig_key_id: key.id } });
    expect(newest[2].added.map((record: { type: string; content: string }) => `${record.type} ${record.content}`).sort()).toEqual([
      'A 192.0.2.1',
      'A 192.0.2.2',
      'MX 10 mail.example.net.',
    ]);
    // The audit log names the key and the client's address (read from the batched UDP socket or TCP).
    const audit = await api.request('GET', '/audit-events?action=records.updated', { token: owner.accessToken });
    expect(audit.body.data.slice(0, 3).map((event: { ip: string }) => event.ip)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
    expect(audit.body.data[0]).toMatchObject({ actor: { type: 'tsig_key' }, summary: { tsig_key: key.name, tsig_key_id: key.id } });
  });

  it('answers the rcode of an unmet prerequisite and changes nothing', async () => {
    await update([`update add taken.${zone.name} 300 TXT "here"`, 'send']);
    const before = await serial();
    const cases: [string, string][] = [
      [`prereq nxdomain taken.${zone.name}`, 'YXDOMAIN'],
      [`prereq yxdomain free.${zone.name}`, 'NXDOMAIN'],
      [`prereq yxrrset taken.${zone.name} A`, 'NXRRSET'],
      [`prereq nxrrset taken.${zone.name} TXT`, 'YXRRSET'],
      [`prereq yxrrset taken.${zone.name} TXT "elsewhere"`, 'NXRRSET'],
    ];
    for (const [prerequisite, rcode] of cases) {
      const result = await update([prerequisite, `update add new.${zone.name} 300 A 192.0.2.9`, 'send']);
      expect(result.code, prerequisite).not.toBe(0);
      expect(result.output, prerequisite).toContain(`update failed: ${rcode}`);
    }
    expect(await serial()).toBe(before);
    expect(await records()).not.toContain('new 300 A 192.0.2.9');
    // And met: the value-dependent form with the exact set.
    expect(await update([`prereq yxrrset taken.${zone.name} TXT "here"`, `update delete taken.${zone.name} TXT`, 'send'])).toMatchObject({ code: 0 });
  });

  it('lets a key limited to _acme-challenge TXT set a challenge there and nothing else', async () => {
    const challenge = await update([`update add _acme-challenge.${zone.name} 120 TXT "token-value"`, 'send'], { as: acmeKey });
    expect(challenge).toMatchObject({ code: 0 });
    expect(await records()).toContain('_acme-challenge 120 TXT "token-value"');
    const elsewhere = await update([`update add www2.${zone.name} 300 A 192.0.2.7`, 'send'], { as: acmeKey });
    expect(elsewhere.output).toContain('update failed: REFUSED');
    // nsupdate itself refuses an address record at an underscore name unless told not to check.
    const otherType = await update(['check-names off', `update add _acme-challenge.${zone.name} 300 A 192.0.2.7`, 'send'], { as: acmeKey });
    expect(otherType.output).toContain('update failed: REFUSED');
    expect(await update([`update delete _acme-challenge.${zone.name} TXT "token-value"`, 'send'], { as: acmeKey })).toMatchObject({ code: 0 });
    expect(await records()).not.toContain('_acme-challenge 120 TXT "token-value"');
  });

  it('answers NOTAUTH with BADSIG for a wrong secret and BADKEY for an unknown key', async () => {
    const before = await serial();
    const wrongSecret = await update([`update add bad.${zone.name} 300 A 192.0.2.1`, 'send'], {
      as: { ...key, secret: Buffer.alloc(32, 1).toString('base64') },
    });
    expect(wrongSecret.code).not.toBe(0);
    expect(wrongSecret.output).toMatch(/BADSIG/);
    const unknown = await update([`update add bad.${zone.name} 300 A 192.0.2.1`, 'send'], { as: { ...key, name: `nobody.${zone.name}` } });
    expect(unknown.code).not.toBe(0);
    expect(unknown.output).toMatch(/BADKEY/);
    expect(await serial()).toBe(before);
  });

  it('refuses an unsigned update, and answers BADTIME signed for a clock outside the fudge', async () => {
    const message = encodeMessage(emptyMessage({ id: 77, opcode: Opcode.UPDATE, questions: [{ name: zone.name, type: 6, class: DnsClass.IN }] }));
    const unsigned = decodeMessage((await udpExchange(port, message))!);
    expect(unsigned).toMatchObject({ id: 77, qr: true, opcode: Opcode.UPDATE, rcode: Rcode.REFUSED });

    const secret = new Uint8Array(Buffer.from(key.secret, 'base64'));
    const signed = signMessage(message, { name: key.name, algorithm: 'hmac-sha256', secret }, { time: Math.floor(Date.now() / 1000) - 3600 });
    const reply = (await udpExchange(port, signed.wire))!;
    expect(decodeMessage(reply)).toMatchObject({ id: 77, rcode: Rcode.NOTAUTH });
    const tsig = findTsig(reply);
    if (!tsig || tsig === 'malformed') throw new Error('the answer has no TSIG record');
    expect(tsig.record.error).toBe(Rcode.BADTIME);
    // Signed over our request's MAC with our key (RFC 8945 5.2.3), at the time the request said.
    const tsigKey = { name: key.name, algorithm: 'hmac-sha256' as const, secret };
    expect(verifyMessage(reply, () => tsigKey, { requestMac: signed.mac, now: tsig.record.timeSigned }).status).toBe('valid');
  });

  it('refuses a captured signed update sent again within its time window, with BADTIME, changing nothing', async () => {
    // A relay between nsupdate and the server keeps a copy of the signed datagram, as an eavesdropper would.
    const captured: Buffer[] = [];
    const relay = createSocket('udp4');
    const upstream = createSocket('udp4');
    let client: { port: number; address: string } | undefined;
    relay.on('message', (packet, from) => {
      client = from;
      captured.push(Buffer.from(packet));
      upstream.send(packet, port, '127.0.0.1');
    });
    upstream.on('message', (reply) => client && relay.send(reply, client.port, client.address));
    await new Promise<void>((resolve) => relay.bind(0, '127.0.0.1', resolve));
    try {
      const added = await nsupdate(relay.address().port, key, [`zone ${zone.name}`, `update add replayed.${zone.name} 300 A 192.0.2.55`, 'send']);
      expect(added).toMatchObject({ code: 0 });
      expect(await records()).toContain('replayed 300 A 192.0.2.55');
      expect(await update([`update delete replayed.${zone.name} A`, 'send'])).toMatchObject({ code: 0 });
      const before = await serial();
      const listed = await records();

      const update0 = captured.find((packet) => ((packet[2]! >> 3) & 0xf) === Opcode.UPDATE)!;
      const reply = (await udpExchange(port, update0))!;
      expect(decodeMessage(reply)).toMatchObject({ rcode: Rcode.NOTAUTH });
      const tsig = findTsig(reply);
      if (!tsig || tsig === 'malformed') throw new Error('the answer has no TSIG record');
      expect(tsig.record.error).toBe(Rcode.BADTIME);
      expect(await serial()).toBe(before);
      expect(await records()).toEqual(listed);
    } finally {
      relay.close();
      upstream.close();
    }
  });

  it('answers a retransmission that arrives while the first copy is applied once, with the answer of the first copy', async () => {
    const before = await serial();
    const add = emptyMessage({
      id: 4242,
      opcode: Opcode.UPDATE,
      questions: [{ name: zone.name, type: 6, class: DnsClass.IN }],
      authorities: [{ name: `retried.${zone.name}`, type: 1, class: DnsClass.IN, ttl: 300, rdata: new Uint8Array([192, 0, 2, 77]) }],
    });
    const secret = new Uint8Array(Buffer.from(key.secret, 'base64'));
    const signed = signMessage(encodeMessage(add), { name: key.name, algorithm: 'hmac-sha256', secret });
    const socket = createSocket('udp4');
    const answers: Buffer[] = [];
    socket.on('message', (reply) => answers.push(reply));
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    try {
      // A client retrying before the first answer came, as nsupdate does every few seconds.
      socket.send(signed.wire, port, '127.0.0.1');
      socket.send(signed.wire, port, '127.0.0.1');
      await expect.poll(() => answers.length, { timeout: 15_000 }).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      socket.close();
    }
    expect(answers.map((reply) => decodeMessage(reply).rcode)).toEqual([Rcode.NOERROR]);
    expect(await serial()).toBe(before + 1);
    expect(await records()).toContain('retried 300 A 192.0.2.77');
  });

  it('refuses a CNAME beside other records and writes nothing of the message', async () => {
    await update([`update add alias.${zone.name} 300 A 192.0.2.1`, 'send']);
    const before = await serial();
    const listed = await records();
    const conflict = await update([`update add fine.${zone.name} 300 TXT "ok"`, `update add alias.${zone.name} 300 CNAME target.example.net.`, 'send'], {
      tcp: true,
    });
    expect(conflict.output).toContain('update failed: REFUSED');
    expect(await serial()).toBe(before);
    expect(await records()).toEqual(listed);
  });
});

describe('dynamic updates without the database', () => {
  it('answers NOTIMP in zone-file mode', async () => {
    const server = await serveZones({ 'example.com': '$TTL 300\n@ SOA ns1 hostmaster 1 7200 3600 1209600 300\n@ NS ns1\nns1 A 192.0.2.53\n' });
    try {
      const result = await nsupdate(server.port, { algorithm: 'hmac-sha256', name: 'any.example.com', secret: Buffer.alloc(32).toString('base64') }, [
        'zone example.com',
        'update add www.example.com 300 A 192.0.2.1',
        'send',
      ]);
      expect(result.output).toContain('update failed: NOTIMP');
    } finally {
      await server.close();
    }
  });
});
