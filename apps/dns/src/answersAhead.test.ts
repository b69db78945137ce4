import dnsPacket from 'dns-packet';
import { generateCryptokey } from '@kaja/dnssec';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnswersAhead } from './answersAhead';
import { StaticKeySource } from './keySource';
import { keyRecords } from './publishedKeys';
import { Responder } from './respond';
import { ZoneSigning } from './signing';
import { query } from './testing/packets';
import { loadZoneText } from './zoneFile';
import { ZoneStore } from './zoneStore';

/*
 * Answers made ahead (decision 094): once a responder has made them, a query with DO for a held
 * name is answered from the cache, by the path the addon takes, with the very answer a responder
 * that made it on the query's arrival sends; nothing is counted until queries come.
 */

const ZONE = 'ahead.example';
const TEXT = `$TTL 300
@        SOA   ns1 hostmaster 1 7200 3600 1209600 300
@        NS    ns1
@        MX    10 mail
ns1      A     192.0.2.1
www      A     192.0.2.10
www      AAAA  2001:db8::10
mail     A     192.0.2.25
alias    CNAME www
_sip._tcp SRV  10 20 5060 www
s1._domainkey TXT "v=DKIM1; p="
*.wild   TXT   "from the wildcard"
sub      NS    ns.sub
ns.sub   A     192.0.2.53
`;

/** A query as a validating resolver sends it: EDNS, DO set, RD set, in the name's letter case as given. */
const withDo = (name: string, type: string, id = 7) => {
  const opt = { additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 1232, flags: dnsPacket.DNSSEC_OK }] as unknown as dnsPacket.Answer[] };
  // dns-packet has no name for HTTPS: a type it knows, set to 65 after.
  if (type !== 'HTTPS') return query(name, type, id, opt);
  const packet = query(name, 'A', id, opt);
  packet.writeUInt16BE(65, 12 + name.length + 2);
  return packet;
};

const out = Buffer.alloc(4096);
/** The answer from the cache alone, as the addon's path serves it; undefined when it is not cached. */
const fromCache = (responder: Responder, packet: Buffer) => {
  const length = responder.respondFromCache(packet, out, 0);
  return length < 0 ? undefined : Buffer.from(out.subarray(0, length));
};

const closing: (() => void)[] = [];
afterEach(() => {
  for (const close of closing.splice(0)) close();
});

function responder(zones: ZoneStore, options: Partial<ConstructorParameters<typeof Responder>[1]> = {}): Responder {
  const made = new Responder(zones, { nodeName: 'test', ...options });
  closing.push(() => made.close());
  return made;
}

function signedStore(nsec3: boolean): { zones: ZoneStore; signing: ZoneSigning } {
  const settings = { keys: [generateCryptokey({ keytype: 'ksk', algorithm: 13 }), generateCryptokey({ keytype: 'zsk', algorithm: 13 })], nsec3 };
  const zones = new ZoneStore();
  zones.put(loadZoneText(ZONE, TEXT, ZONE, keyRecords(ZONE, settings)));
  const signing = new ZoneSigning(zones, new StaticKeySource([[ZONE, settings]]));
  closing.push(() => signing.close());
  return { zones, signing };
}

const held: [string, string][] = [
  [ZONE, 'SOA'],
  [ZONE, 'NS'],
  [ZONE, 'MX'],
  ['www.' + ZONE, 'A'],
  ['WWW.Ahead.Example', 'AAAA'],
  ['www.' + ZONE, 'HTTPS'],
  ['mail.' + ZONE, 'AAAA'],
  ['alias.' + ZONE, 'A'],
  ['sub.' + ZONE, 'A'],
  ['_sip._tcp.' + ZONE, 'SRV'],
  ['s1._domainkey.' + ZONE, 'TXT'],
];
/** Not made ahead: types not held at service names, a wildcard's expansion, a name made up, a type asked of no host. */
const notHeld: [string, string][] = [
  ['_sip._tcp.' + ZONE, 'A'],
  ['s1._domainkey.' + ZONE, 'AAAA'],
  ['x.wild.' + ZONE, 'TXT'],
  ['nx.' + ZONE, 'A'],
  ['www.' + ZONE, 'TXT'],
];

describe('answers made ahead', () => {
  for (const nsec3 of [undefined, false, true]) {
    it(`answers held names from the cache with the answer made on arrival (${nsec3 === undefined ? 'unsigned' : nsec3 ? 'NSEC3' : 'NSEC'})`, async () => {
      const { zones, signing } = nsec3 === undefined ? { zones: storeOf(TEXT), signing: undefined } : signedStore(nsec3);
      await signing?.ready();
      const ahead = responder(zones, { signing, answersAhead: true });
      await ahead.answeredAhead();
      // Made, not asked: nothing counted.
      expect(ahead.counts.drain()).toEqual([]);
      const onArrival = responder(zones, { signing });
      const asked = signing ? [...held, [ZONE, 'DNSKEY'] as [string, string]] : held;
      for (const [name, type] of asked) {
        const packet = withDo(name, type);
        const cached = fromCache(ahead, packet);
        expect(cached, `${name} ${type}`).toBeDefined();
        expect(cached).toEqual(onArrival.respond(packet, false));
      }
      for (const [name, type] of notHeld) expect(fromCache(ahead, withDo(name, type)), `${name} ${type}`).toBeUndefined();
      // Queries without DO are another question: made when asked.
      expect(fromCache(ahead, query('www.' + ZONE, 'A'))).toBeUndefined();
      expect(ahead.counts.drain().reduce((n, c) => n + c.count, 0)).toBe(asked.length);
    });
  }

  it('fills at most half the answer cache', async () => {
    const ahead = responder(storeOf('$TTL 60\n@ SOA ns1 h 1 2 3 4 5\n@ NS ns1\nns1 A 192.0.2.1\n'), { answersAhead: true, answerCacheSize: 8 });
    await ahead.answeredAhead();
    // The eight questions it would make: the apex's SOA and NS, and the host types at both names.
    const questions = [...['SOA', 'NS', 'A', 'AAAA', 'HTTPS'].map((type) => [ZONE, type]), ...['A', 'AAAA', 'HTTPS'].map((type) => ['ns1.' + ZONE, type])];
    expect(questions.filter(([name, type]) => fromCache(ahead, withDo(name!, type!)) !== undefined)).toHaveLength(4);
  });

  it('makes the answers of a zone that comes later, and of one loaded anew, keeping the others', async () => {
    const zones = storeOf(TEXT);
    const ahead = responder(zones, { answersAhead: true });
    await ahead.answeredAhead();
    const www = withDo('www.' + ZONE, 'A');
    expect(fromCache(ahead, www)).toBeDefined();

    zones.put(loadZoneText('later.example', '$TTL 60\n@ SOA ns1.ahead.example. h 1 2 3 4 5\n@ NS ns1.ahead.example.\nhost A 192.0.2.77\n'));
    // Another zone's answers are not forgotten for it.
    expect(fromCache(ahead, www)).toBeDefined();
    await ahead.answeredAhead();
    const host = fromCache(ahead, withDo('host.later.example', 'A'));
    expect(dnsPacket.decode(host!).answers).toMatchObject([{ name: 'host.later.example', data: '192.0.2.77' }]);

    // Loaded anew with www moved: its answers are forgotten at once, then made from the new zone.
    zones.put(loadZoneText(ZONE, TEXT.replace('192.0.2.10', '192.0.2.11')));
    expect(fromCache(ahead, www)).toBeUndefined();
    expect(fromCache(ahead, withDo('host.later.example', 'A'))).toBeDefined();
    await ahead.answeredAhead();
    expect(dnsPacket.decode(fromCache(ahead, www)!).answers).toMatchObject([{ data: '192.0.2.11' }]);
  });

  it('forgets the answers under a zone removed, which are then refused', async () => {
    const zones = storeOf(TEXT);
    zones.put(loadZoneText('deep.sub.' + ZONE, '$TTL 60\n@ SOA ns1 h 1 2 3 4 5\n@ NS ns1\nns1 A 192.0.2.9\n'));
    const ahead = responder(zones, { answersAhead: true });
    await ahead.answeredAhead();
    const deep = withDo('ns1.deep.sub.' + ZONE, 'A');
    expect(fromCache(ahead, deep)).toBeDefined();
    zones.remove('deep.sub.' + ZONE);
    expect(fromCache(ahead, deep)).toBeUndefined();
    // Below the parent's delegation now: a referral.
    const referral = dnsPacket.decode(ahead.respond(deep, false) as Buffer);
    expect(referral.authorities).toMatchObject([{ name: 'sub.' + ZONE, type: 'NS' }]);
    expect(fromCache(ahead, withDo('www.' + ZONE, 'A'))).toBeDefined();
  });

  it('lets queries be answered between its slices', async () => {
    const many = TEXT + Array.from({ length: 3000 }, (_, i) => `host-${i} A 192.0.2.${i % 250}`).join('\n') + '\n';
    const ahead = responder(storeOf(many), { answersAhead: true });
    let turns = 0;
    const turning = setInterval(() => turns++, 0);
    await ahead.answeredAhead();
    clearInterval(turning);
    expect(fromCache(ahead, withDo('host-2999.' + ZONE, 'HTTPS'))).toBeDefined();
    expect(turns).toBeGreaterThan(1);
  });
});

describe('made-up names asked ahead', () => {
  /** The questions an AnswersAhead over the zone asks, its answers held as `holds` says, with or without templates. */
  async function asked(templates: boolean, holds: (name: string, type: number) => boolean): Promise<string[]> {
    const questions: string[] = [];
    const ahead = new AnswersAhead(
      storeOf(TEXT),
      (name, type) => {
        questions.push(`${name} ${type}`);
        return holds(name, type);
      },
      { room: () => true, templates: () => templates },
    );
    closing.push(() => ahead.close());
    await ahead.settled();
    return questions.filter((question) => question.includes('kaja-made-up-name'));
  }
  const label1 = [
    `kaja-made-up-name.${ZONE} 1`,
    `kaja-made-up-name.${ZONE} 28`,
    `kaja-made-up-name.${ZONE} 65`,
    // The wildcard's expansion, asked for what it holds and the host types.
    `kaja-made-up-name.wild.${ZONE} 16`,
    `kaja-made-up-name.wild.${ZONE} 1`,
    `kaja-made-up-name.wild.${ZONE} 28`,
    `kaja-made-up-name.wild.${ZONE} 65`,
  ];

  it('asks each question once where its answer is held as the template of names like it', async () => {
    expect(await asked(true, () => true)).toEqual(label1);
  });

  it('asks it with the next label only while the answer before stands for no other name', async () => {
    const questions = await asked(true, (name, type) => type !== 1 || name.startsWith('kaja-made-up-name-3.'));
    expect(questions.filter((question) => question.endsWith(' 1'))).toEqual([
      `kaja-made-up-name.${ZONE} 1`,
      `kaja-made-up-name-2.${ZONE} 1`,
      `kaja-made-up-name-3.${ZONE} 1`,
      `kaja-made-up-name.wild.${ZONE} 1`,
      `kaja-made-up-name-2.wild.${ZONE} 1`,
      `kaja-made-up-name-3.wild.${ZONE} 1`,
    ]);
    expect(questions.filter((question) => !question.endsWith(' 1'))).toEqual(label1.filter((question) => !question.endsWith(' 1')));
  });

  it('asks none where no answer is kept as a template (no addon)', async () => {
    expect(await asked(false, () => true)).toEqual([]);
  });

  it('asks none of a zone loaded anew while its chain was made, and asks the new one’s', async () => {
    const zones = storeOf(TEXT);
    const first = zones.get(ZONE)!;
    let chainMade: (() => void) | undefined;
    const questions: string[] = [];
    const ahead = new AnswersAhead(
      zones,
      (name, type) => {
        questions.push(`${name} ${type}`);
        return true;
      },
      {
        room: () => true,
        templates: () => true,
        prepareZone: (zone) => (zone === first ? new Promise<void>((resolve) => (chainMade = resolve)) : Promise.resolve()),
      },
    );
    closing.push(() => ahead.close());
    await vi.waitFor(() => expect(chainMade).toBeDefined());
    zones.put(loadZoneText(ZONE, `${TEXT}new A 192.0.2.99\n`));
    ahead.want(ZONE);
    chainMade!();
    await ahead.settled();
    expect(questions).toContain(`new.${ZONE} 1`);
    expect(questions.filter((question) => question.includes('kaja-made-up-name'))).toEqual(label1);
  });
});

describe('answers forgotten as zones are set', () => {
  it('walks the cache for a few zones set in one turn, and empties it for a burst of them', async () => {
    const zones = storeOf(TEXT);
    const answering = responder(zones);
    const www = withDo('www.' + ZONE, 'A');
    const other = (i: number) => loadZoneText(`other-${i}.example`, '$TTL 60\n@ SOA ns1 h 1 2 3 4 5\n@ NS ns1\nns1 A 192.0.2.9\n');
    void answering.respond(www, false);
    for (let i = 0; i < 4; i++) zones.put(other(i));
    expect(fromCache(answering, www)).toBeDefined();
    // The next turn counts afresh; past four in it, everything is forgotten at once.
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 4; i < 9; i++) zones.put(other(i));
    expect(fromCache(answering, www)).toBeUndefined();
    expect(dnsPacket.decode(answering.respond(www, false) as Buffer).answers).toMatchObject([{ data: '192.0.2.10' }]);
  });
});

function storeOf(text: string): ZoneStore {
  const zones = new ZoneStore();
  zones.put(loadZoneText(ZONE, text));
  return zones;
}
