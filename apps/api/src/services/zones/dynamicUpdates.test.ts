import { describe, expect, it } from 'vitest';
import { apiTest } from '../../apiTest';
import { and, asc, eq } from '@kaja/db/orm';
import { auditEvents, rrsets, tsigKeys, zoneChanges, zones } from '@kaja/db';
import { DnsClass, emptyMessage, Opcode, Rcode, recordType, typeCode, type ResourceRecord } from '@kaja/dns-model';
import { createTsigKey, signUpOwner, type TestAccount, type TestApi } from '../../testing';
import { createZone, setPlan } from '../../routes/v1/zones/zoneTestKit';
import { applyUpdate, createUpdateService } from '@kaja/zone-writes';
import type { ZoneContext } from '../context';

/** A record of an UPDATE message; `content` in presentation form, none for the data-less forms. */
function rr(name: string, type: string, options: { class?: number; ttl?: number; content?: string } = {}): ResourceRecord {
  return {
    name,
    type: typeCode(type),
    class: options.class ?? DnsClass.IN,
    ttl: options.ttl ?? 0,
    rdata: options.content === undefined ? new Uint8Array() : recordType(type).toWire(recordType(type).parse(options.content, name)),
  };
}
const add = (name: string, type: string, content: string, ttl = 300) => rr(name, type, { ttl, content });
const deleteSet = (name: string, type: string) => rr(name, type, { class: DnsClass.ANY });
const deleteName = (name: string) => rr(name, 'ANY', { class: DnsClass.ANY });
const deleteRecord = (name: string, type: string, content: string) => rr(name, type, { class: DnsClass.NONE, content });
const nameInUse = (name: string) => rr(name, 'ANY', { class: DnsClass.ANY });
const nameNotInUse = (name: string) => rr(name, 'ANY', { class: DnsClass.NONE });
const setExists = (name: string, type: string) => rr(name, type, { class: DnsClass.ANY });
const setAbsent = (name: string, type: string) => rr(name, type, { class: DnsClass.NONE });
const setHolds = (name: string, type: string, content: string) => rr(name, type, { content });

describe('dynamic updates (RFC 2136 section 3)', () => {
  let api: TestApi;
  let owner: TestAccount;
  let ctx: ZoneContext;
  apiTest.beforeAll(async ({ api: started, owner: signedUp }) => {
    api = started;
    owner = signedUp;
    await setPlan(api, owner, 'scale');
    ctx = { ...api.app.context, zoneChanges: api.app.zoneChanges };
  });

  /** A fresh zone with a key that may change anything, and a way to send it updates. */
  async function zoneWithKey(keyFields: Parameters<typeof createTsigKey>[2] = {}) {
    const zone = await createZone(api, owner);
    const key = await createTsigKey(api, zone.id, keyFields);
    const send = (prerequisites: ResourceRecord[], updates: ResourceRecord[], zoneName = zone.name, questionType = 'SOA') =>
      applyUpdate(ctx, {
        message: emptyMessage({
          opcode: Opcode.UPDATE,
          questions: [{ name: zoneName, type: typeCode(questionType), class: DnsClass.IN }],
          answers: prerequisites,
          authorities: updates,
        }),
        keyId: key.id,
        client: '192.0.2.53',
      });
    const records = async () =>
      (await api.database.db.select().from(rrsets).where(eq(rrsets.zoneId, zone.id)))
        .filter((set) => !set.managed)
        .flatMap((set) => set.contents.map((content) => `${set.name.slice(0, -zone.name.length - 1) || '@'} ${set.ttl} ${set.type} ${content}`))
        .sort();
    const serial = async () => (await api.database.db.select().from(zones).where(eq(zones.id, zone.id)))[0]!.serial;
    const at = (label: string) => (label === '@' ? zone.name : `${label}.${zone.name}`);
    return { zone, key, send, records, serial, at };
  }

  describe('zone section (3.1)', () => {
    it('answers FORMERR when the zone section does not hold one SOA question', async () => {
      const { send, zone } = await zoneWithKey();
      expect((await send([], [], zone.name, 'A')).rcode).toBe(Rcode.FORMERR);
    });

    it('answers NOTAUTH for a zone the key does not belong to, hosted or not', async () => {
      const { send } = await zoneWithKey();
      const other = await createZone(api, owner);
      expect((await send([], [], other.name)).rcode).toBe(Rcode.NOTAUTH);
      expect((await send([], [], 'not-hosted.example')).rcode).toBe(Rcode.NOTAUTH);
    });

    it('answers NOTAUTH for a disabled zone', async () => {
      const { send, zone } = await zoneWithKey();
      await api.database.db.update(zones).set({ status: 'disabled' }).where(eq(zones.id, zone.id));
      expect((await send([], [add(`www.${zone.name}`, 'A', '192.0.2.1')])).rcode).toBe(Rcode.NOTAUTH);
    });

    it('refuses a key that may not sign updates, and records that it was used', async () => {
      const { send, key, at, records } = await zoneWithKey({ canUpdate: false });
      expect((await send([], [add(at('www'), 'A', '192.0.2.1')])).rcode).toBe(Rcode.REFUSED);
      expect(await records()).toEqual([]);
      const [row] = await api.database.db.select().from(tsigKeys).where(eq(tsigKeys.id, key.id));
      expect(row!.lastUsedAt).toBeInstanceOf(Date);
    });
  });

  describe('prerequisites (3.2)', () => {
    it('name is in use: NXDOMAIN when the name has no records', async () => {
      const { send, at } = await zoneWithKey();
      expect((await send([nameInUse(at('www'))], [add(at('ok'), 'A', '192.0.2.1')])).rcode).toBe(Rcode.NXDOMAIN);
      await send([], [add(at('www'), 'TXT', 'x')]);
      expect((await send([nameInUse(at('www'))], [add(at('ok'), 'A', '192.0.2.1')])).rcode).toBe(Rcode.NOERROR);
    });

    it('name is not in use: YXDOMAIN when the name has records', async () => {
      const { send, at, records } = await zoneWithKey();
      await send([], [add(at('www'), 'TXT', 'x')]);
      expect((await send([nameNotInUse(at('www'))], [add(at('www'), 'A', '192.0.2.1')])).rcode).toBe(Rcode.YXDOMAIN);
      expect(await records()).toEqual(['www 300 TXT "x"']);
      // An empty non-terminal holds no records, so it is not in use.
      await send([], [add(at('a.b'), 'TXT', 'deep')]);
      expect((await send([nameNotInUse(at('b'))], [add(at('b'), 'TXT', 'now')])).rcode).toBe(Rcode.NOERROR);
    });

    it('RRset exists (value-independent): NXRRSET when there is no set of that type', async () => {
      const { send, at } = await zoneWithKey();
      await send([], [add(at('www'), 'TXT', 'x')]);
      expect((await send([setExists(at('www'), 'A')], [add(at('ok'), 'A', '192.0.2.1')])).rcode).toBe(Rcode.NXRRSET);
      expect((await send([setExists(at('www'), 'TXT')], [add(at('ok'), 'A', '192.0.2.1')])).rcode).toBe(Rcode.NOERROR);
    });

    it('RRset does not exist: YXRRSET when the set is there', async () => {
      const { send, at } = await zoneWithKey();
      await send([], [add(at('www'), 'A', '192.0.2.1')]);
      expect((await send([setAbsent(at('www'), 'A')], [add(at('www'), 'A', '192.0.2.2')])).rcode).toBe(Rcode.YXRRSET);
      expect((await send([setAbsent(at('www'), 'AAAA')], [add(at('www'), 'AAAA', '2001:db8::1')])).rcode).toBe(Rcode.NOERROR);
    });

    it('RRset exists (value-dependent): NXRRSET unless the set holds exactly the records named', async () => {
      const { send, at, records } = await zoneWithKey();
      await send([], [add(at('www'), 'A', '192.0.2.1'), add(at('www'), 'A', '192.0.2.2')]);
      // A subset is not the set.
      expect((await send([setHolds(at('www'), 'A', '192.0.2.1')], [deleteSet(at('www'), 'A')])).rcode).toBe(Rcode.NXRRSET);
      expect((await send([setHolds(at('www'), 'A', '192.0.2.1'), setHolds(at('www'), 'A', '192.0.2.3')], [deleteSet(at('www'), 'A')])).rcode).toBe(
        Rcode.NXRRSET,
      );
      expect(await records()).toEqual(['www 300 A 192.0.2.1', 'www 300 A 192.0.2.2']);
      expect((await send([setHolds(at('www'), 'A', '192.0.2.2'), setHolds(at('www'), 'A', '192.0.2.1')], [deleteSet(at('www'), 'A')])).rcode).toBe(
        Rcode.NOERROR,
      );
      expect(await records()).toEqual([]);
    });

    it('a prerequisite with a TTL other than 0 is FORMERR; one outside the zone is NOTZONE', async () => {
      const { send, at } = await zoneWithKey();
      expect((await send([rr(at('www'), 'ANY', { class: DnsClass.ANY, ttl: 60 })], [])).rcode).toBe(Rcode.FORMERR);
      expect((await send([nameNotInUse('www.elsewhere.example')], [])).rcode).toBe(Rcode.NOTZONE);
    });

    it('the first unmet prerequisite decides, before the updates are looked at', async () => {
      const { send, at } = await zoneWithKey();
      // The update is malformed (class ANY with data), but the prerequisite fails first.
      expect((await send([setExists(at('www'), 'A')], [rr(at('www'), 'A', { class: DnsClass.ANY, content: '192.0.2.1' })])).rcode).toBe(Rcode.NXRRSET);
    });
  });

  describe('prescan of the updates (3.4.1)', () => {
    it('answers NOTZONE for a name outside the zone', async () => {
      const { send, records } = await zoneWithKey();
      expect((await send([], [add('www.elsewhere.example', 'A', '192.0.2.1')])).rcode).toBe(Rcode.NOTZONE);
      expect(await records()).toEqual([]);
    });

    it('answers FORMERR for meta types, data on a set deletion, a TTL on a deletion and unknown classes', async () => {
      const { send, at, records } = await zoneWithKey();
      expect((await send([], [rr(at('www'), 'ANY', { ttl: 300 })])).rcode).toBe(Rcode.FORMERR);
      expect((await send([], [rr(at('www'), 'AXFR', { class: DnsClass.ANY })])).rcode).toBe(Rcode.FORMERR);
      expect((await send([], [rr(at('www'), 'A', { class: DnsClass.ANY, content: '192.0.2.1' })])).rcode).toBe(Rcode.FORMERR);
      expect((await send([], [rr(at('www'), 'A', { class: DnsClass.NONE, ttl: 300, content: '192.0.2.1' })])).rcode).toBe(Rcode.FORMERR);
      expect((await send([], [rr(at('www'), 'ANY', { class: DnsClass.NONE })])).rcode).toBe(Rcode.FORMERR);
      expect((await send([], [rr(at('www'), 'A', { class: DnsClass.CH, ttl: 300, content: '192.0.2.1' })])).rcode).toBe(Rcode.FORMERR);
      expect(await records()).toEqual([]);
    });

    it('checks every update before applying any: a bad last one leaves the first unapplied', async () => {
      const { send, at, records, serial } = await zoneWithKey();
      const before = await serial();
      expect((await send([], [add(at('www'), 'A', '192.0.2.1'), rr(at('www'), 'ANY', { ttl: 300 })])).rcode).toBe(Rcode.FORMERR);
      expect(await records()).toEqual([]);
      expect(await serial()).toBe(before);
    });
  });

  describe('updates (3.4.2)', () => {
    it('adds records to a set, ignores one already there, and gives the set the TTL of the record added last', async () => {
      const { send, at, records } = await zoneWithKey();
      expect((await send([], [add(at('www'), 'A', '192.0.2.1')])).rcode).toBe(Rcode.NOERROR);
      expect((await send([], [add(at('www'), 'A', '192.0.2.2'), add(at('www'), 'A', '192.0.2.1', 600)])).rcode).toBe(Rcode.NOERROR);
      expect(await records()).toEqual(['www 600 A 192.0.2.1', 'www 600 A 192.0.2.2']);
    });

    it('replaces a CNAME when another is added at its name', async () => {
      const { send, at, records } = await zoneWithKey();
      await send([], [add(at('www'), 'CNAME', 'a.example.net.')]);
      expect((await send([], [add(at('www'), 'CNAME', 'b.example.net.')])).rcode).toBe(Rcode.NOERROR);
      expect(await records()).toEqual(['www 300 CNAME b.example.net.']);
    });

    it('deletes a set', async () => {
      const { send, at, records } = await zoneWithKey();
      await send([], [add(at('www'), 'A', '192.0.2.1'), add(at('www'), 'A', '192.0.2.2'), add(at('www'), 'TXT', 'keep')]);
      expect((await send([], [deleteSet(at('www'), 'A')])).rcode).toBe(Rcode.NOERROR);
      expect(await records()).toEqual(['www 300 TXT "keep"']);
    });

    it('deletes every set at a name, and at the apex all but the platform\u2019s SOA and NS', async () => {
      const { send, at, records, zone } = await zoneWithKey();
      await send(
        [],
        [add(at('www'), 'A', '192.0.2.1'), add(at('www'), 'TXT', 'x'), add(at('@'), 'MX', '10 mail.example.net.'), add(at('other'), 'A', '192.0.2.9')],
      );
      expect((await send([], [deleteName(at('www')), deleteName(at('@'))])).rcode).toBe(Rcode.NOERROR);
      expect(await records()).toEqual(['other 300 A 192.0.2.9']);
      const managed = await api.database.db
        .select()
        .from(rrsets)
        .where(and(eq(rrsets.zoneId, zone.id), eq(rrsets.managed, true)));
      expect(managed.map((set) => set.type).sort()).toEqual(['NS', 'SOA']);
    });

    it('deletes one record, and the set with its last record; a record that is not there is no change', async () => {
      const { send, at, records, serial } = await zoneWithKey();
      await send([], [add(at('www'), 'A', '192.0.2.1'), add(at('www'), 'A', '192.0.2.2')]);
      expect((await send([], [deleteRecord(at('www'), 'A', '192.0.2.1')])).rcode).toBe(Rcode.NOERROR);
      expect(await records()).toEqual(['www 300 A 192.0.2.2']);
      const before = await serial();
      expect((await send([], [deleteRecord(at('www'), 'A', '192.0.2.7')])).rcode).toBe(Rcode.NOERROR);
      expect(await serial()).toBe(before);
      expect((await send([], [deleteRecord(at('www'), 'A', '192.0.2.2')])).rcode).toBe(Rcode.NOERROR);
      expect(await records()).toEqual([]);
    });

    it('refuses changes to the platform\u2019s SOA and apex NS', async () => {
      const { send, at, zone, serial } = await zoneWithKey();
      const before = await serial();
      const soa = `ns1.example.net. hostmaster.${zone.name}. ${before + 10} 7200 3600 1209600 300`;
      expect((await send([], [add(at('@'), 'SOA', soa)])).rcode).toBe(Rcode.REFUSED);
      expect((await send([], [add(at('@'), 'NS', 'ns.example.net.')])).rcode).toBe(Rcode.REFUSED);
      expect((await send([], [deleteSet(at('@'), 'NS')])).rcode).toBe(Rcode.REFUSED);
      expect((await send([], [deleteSet(at('@'), 'SOA')])).rcode).toBe(Rcode.REFUSED);
      expect(await serial()).toBe(before);
    });

    it('refuses a CNAME beside other records, and writes nothing of the update', async () => {
      const { send, at, records, serial } = await zoneWithKey();
      await send([], [add(at('www'), 'A', '192.0.2.1')]);
      const before = await serial();
      const outcome = await send([], [add(at('ok'), 'TXT', 'x'), add(at('www'), 'CNAME', 'target.example.net.')]);
      expect(outcome.rcode).toBe(Rcode.REFUSED);
      expect(outcome.reason).toMatch(/CNAME/);
      expect(await records()).toEqual(['www 300 A 192.0.2.1']);
      expect(await serial()).toBe(before);
    });

    it('refuses records the API refuses: unsupported types, bad content, TTLs out of range', async () => {
      const { send, at, records } = await zoneWithKey();
      expect((await send([], [add(at('www'), 'SPF', '"v=spf1 -all"')])).rcode).toBe(Rcode.REFUSED);
      expect((await send([], [add(at('www'), 'A', '192.0.2.1', 10)])).rcode).toBe(Rcode.REFUSED);
      expect((await send([], [add(at('www'), 'DNSKEY', `257 3 13 ${Buffer.alloc(64, 7).toString('base64')}`)])).rcode).toBe(Rcode.REFUSED);
      expect(await records()).toEqual([]);
    });

    it('holds the key to its record policies: only _acme-challenge TXT', async () => {
      const { send, at, records } = await zoneWithKey({ recordPolicies: [{ zone: null, name: '_acme-challenge', type: 'TXT', allow: true }] });
      expect((await send([], [add(at('_acme-challenge'), 'TXT', 'token-1', 120)])).rcode).toBe(Rcode.NOERROR);
      const refused = await send([], [add(at('www'), 'A', '192.0.2.1')]);
      expect(refused.rcode).toBe(Rcode.REFUSED);
      expect(refused.reason).toMatch(/may not change A records/);
      expect((await send([], [add(at('_acme-challenge'), 'A', '192.0.2.1')])).rcode).toBe(Rcode.REFUSED);
      expect((await send([], [deleteRecord(at('_acme-challenge'), 'TXT', 'token-1')])).rcode).toBe(Rcode.NOERROR);
      expect(await records()).toEqual([]);
    });

    it('refuses an update beyond the plan\u2019s record limit', async () => {
      const account = await signUpOwner(api);
      await setPlan(api, account, 'nano');
      const zone = await createZone(api, account);
      const key = await createTsigKey(api, zone.id);
      const updates = Array.from({ length: 101 }, (_, i) => add(`h${i}.${zone.name}`, 'A', '192.0.2.1'));
      const outcome = await applyUpdate(ctx, {
        message: emptyMessage({
          opcode: Opcode.UPDATE,
          questions: [{ name: zone.name, type: 6, class: DnsClass.IN }],
          authorities: updates.concat(updates.map((u) => ({ ...u, name: `x${u.name}` }))),
        }),
        keyId: key.id,
        client: null,
      });
      expect(outcome.rcode).toBe(Rcode.REFUSED);
      expect(outcome.reason).toMatch(/plan/i);
    });

    it('bumps the serial once per message, stores the change as a dynamic update by the key and writes an audit event', async () => {
      const { send, at, zone, key, serial } = await zoneWithKey();
      const before = await serial();
      const outcome = await send(
        [setAbsent(at('www'), 'A')],
        [add(at('www'), 'A', '192.0.2.1'), add(at('mail'), 'A', '192.0.2.2'), add(at('@'), 'MX', '10 mail')],
      );
      expect(outcome).toMatchObject({ rcode: Rcode.NOERROR, serial: before + 1 });
      expect(await serial()).toBe(before + 1);
      const [change] = await api.database.db
        .select()
        .from(zoneChanges)
        .where(and(eq(zoneChanges.zoneId, zone.id), eq(zoneChanges.serial, before + 1)));
      expect(change).toMatchObject({
        previousSerial: before,
        source: 'dynamic_update',
        actor: { type: 'tsig_key', user_id: null, api_key_id: null, tsig_key_id: key.id },
      });
      expect(
        change!.added
          .filter((record) => record.type !== 'SOA')
          .map((record) => `${record.name} ${record.type} ${record.content}`)
          .sort(),
      ).toEqual([`${zone.name} MX 10 mail.${zone.name}.`, `mail.${zone.name} A 192.0.2.2`, `www.${zone.name} A 192.0.2.1`].sort());
      const events = await api.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.targetId, zone.id), eq(auditEvents.action, 'records.updated')))
        .orderBy(asc(auditEvents.id));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        actorType: 'tsig_key',
        ip: '192.0.2.53',
        summary: { tsig_key_id: key.id, tsig_key: key.name, source: 'dynamic_update', serial: before + 1 },
      });
    });

    it('announces the new serial after the commit, with the change', async () => {
      const { send, at, zone } = await zoneWithKey();
      const notices: unknown[] = [];
      const stop = api.app.zoneChanges.subscribe((notice) => notices.push(notice));
      try {
        const outcome = await send([], [add(at('www'), 'A', '192.0.2.1')]);
        expect(notices).toContainEqual({
          zone_id: zone.id,
          zone: zone.name,
          serial: outcome.serial,
          status: 'active',
          change: {
            previous_serial: zone.serial,
            removed: [expect.objectContaining({ name: zone.name, type: 'SOA' })],
            added: expect.arrayContaining([{ name: `www.${zone.name}`, type: 'A', ttl: expect.any(Number), content: '192.0.2.1' }]),
          },
        });
      } finally {
        stop();
      }
    });
  });

  it('finds a key by its zone and name with the secret opened, and nothing for an unknown name or another zone', async () => {
    const zone = await createZone(api, owner);
    const key = await createTsigKey(api, zone.id, { name: `Upper.${zone.name}`.toLowerCase() });
    const service = createUpdateService(ctx);
    const found = await service.findKey(zone.name.toUpperCase(), key.name.toUpperCase());
    expect(found).toEqual({ id: key.id, name: key.name, algorithm: 'hmac-sha256', secret: new Uint8Array(Buffer.from(key.secret, 'base64')) });
    expect(await service.findKey(zone.name, `unknown.${zone.name}`)).toBeUndefined();
    const elsewhere = await createZone(api, owner);
    expect(await service.findKey(elsewhere.name, key.name)).toBeUndefined();
  });
});
