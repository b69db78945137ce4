import { DnsClass, emptyMessage, encodeMessage, Rcode, RRType, type Edns } from '@kaja/dns-model';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { KeySource, SigningSettings } from './keySource';
import { lookup } from './lookup';
import { keyRecords } from './publishedKeys';
import { Responder } from './respond';
import { ZoneSigning } from './signing';
import { freshSettings } from './testing/signedServer';
import { loadZoneText } from './zoneFile';
import { ZoneStore } from './zoneStore';

/*
 * A zone that publishes keys (DNSKEY at its apex) whose keys this process does not hold is answered
 * SERVFAIL where signatures are asked for, never unsigned: a validating resolver takes an unsigned
 * answer from a zone whose DS its parent publishes as bogus, and a SERVFAIL sends it to another server.
 */

const ZONE = 'example.com';
const TEXT = `$TTL 300
@ 3600 SOA ns1 hostmaster 2026112201 7200 3600 1209600 300
@ 3600 NS ns1
ns1 A 192.0.2.53
www A 192.0.2.80
`;

/** A key source whose answers the test gives: keys, unsigned, a failure, or `awaited`. */
class ScriptedKeySource implements KeySource {
  reads = 0;
  next: () => Promise<SigningSettings | undefined | 'awaited'> = async () => 'awaited';
  private readonly listeners: ((zone: string) => void)[] = [];
  settings(): Promise<SigningSettings | undefined | 'awaited'> {
    this.reads++;
    return this.next();
  }
  onChange(listener: (zone: string) => void): void {
    this.listeners.push(listener);
  }
  tell(zone: string): void {
    for (const listener of this.listeners) listener(zone);
  }
}

/** The answer to www A with the DO bit: its rcode and the types of its answer section. */
function www(signing: ZoneSigning, zones: ZoneStore) {
  const answer = signing.sign(lookup(zones.get(ZONE)!, `www.${ZONE}`, RRType.A));
  return { rcode: answer.rcode, types: answer.answer.map((rrset) => rrset.type), uncacheable: answer.uncacheable === true };
}

/** The EDNS of a validating resolver's query: DO set. */
const DO: Edns = { udpSize: 1232, version: 0, do: true, flags: 0, options: [] };

const signed = { rcode: Rcode.NOERROR, types: [RRType.A, RRType.RRSIG], uncacheable: false };
const servfail = { rcode: Rcode.SERVFAIL, types: [], uncacheable: true };

let closing: ZoneSigning[] = [];
afterEach(() => {
  for (const signing of closing) signing.close();
  closing = [];
  vi.restoreAllMocks();
});

function setUp(publishes: SigningSettings | undefined) {
  const zones = new ZoneStore();
  zones.put(loadZoneText(ZONE, TEXT, ZONE, publishes ? keyRecords(ZONE, publishes) : []));
  const source = new ScriptedKeySource();
  const signing = new ZoneSigning(zones, source);
  closing.push(signing);
  return { zones, source, signing };
}

describe('a signed zone whose keys are not held', () => {
  it('is answered SERVFAIL, not unsigned, until its key source has the keys', async () => {
    const settings = freshSettings(false);
    const { zones, source, signing } = setUp(settings);
    await signing.ready();
    expect(www(signing, zones)).toEqual(servfail);
    expect(signing.unavailable).toBe(1);
    // A secondary is not given the zone unsigned either.
    await expect(signing.signedTransfer(zones.get(ZONE)!)).rejects.toThrow(`the DNSSEC keys of ${ZONE} are not held here`);

    source.next = async () => settings;
    source.tell(ZONE);
    await signing.ready();
    expect(www(signing, zones)).toEqual(signed);
    expect(signing.unavailable).toBe(1);
  });

  it('has no answers made ahead, and none counted SERVFAIL, until its key source has the keys', async () => {
    const settings = freshSettings(false);
    const { zones, source, signing } = setUp(settings);
    await signing.ready();
    const responder = new Responder(zones, { nodeName: 'test', signing, answersAhead: true });
    onTestFinished(() => responder.close());
    await responder.answeredAhead();
    const wwwWithDo = new Uint8Array(encodeMessage(emptyMessage({ questions: [{ name: `www.${ZONE}`, type: RRType.A, class: DnsClass.IN }], edns: DO })));
    const out = new Uint8Array(512);
    expect(responder.respondFromCache(wwwWithDo, out, 0)).toBe(-1);
    expect(signing.unavailable).toBe(0);

    source.next = async () => settings;
    source.tell(ZONE);
    await signing.ready();
    await responder.answeredAhead();
    expect(responder.respondFromCache(wwwWithDo, out, 0)).toBeGreaterThan(0);
    expect(signing.unavailable).toBe(0);
  });

  it('is answered SERVFAIL while its keys cannot be read, and signed once a retry reads them', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const settings = freshSettings(true);
    const { zones, source, signing } = setUp(settings);
    source.next = () => Promise.reject(new Error('connection refused'));
    await signing.reload(ZONE);
    expect(www(signing, zones)).toEqual(servfail);
    // Said once for the streak, however many attempts fail.
    await expect.poll(() => source.reads, { timeout: 5000, interval: 50 }).toBeGreaterThanOrEqual(3);
    expect(errors.mock.calls.filter(([line]) => String(line).includes(`could not read the DNSSEC keys of ${ZONE}`))).toHaveLength(1);
    expect(www(signing, zones)).toEqual(servfail);

    source.next = async () => settings;
    await expect.poll(() => www(signing, zones), { timeout: 10_000, interval: 50 }).toEqual(signed);
  });

  it('is answered SERVFAIL when its keys will not open, rather than unsigned', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { zones, source, signing } = setUp(freshSettings(false));
    source.next = () => Promise.reject(new Error('the cryptokey 1 of example.com does not match its private key'));
    await signing.reload(ZONE);
    expect(www(signing, zones)).toEqual(servfail);
  });

  it('is answered unsigned when its key source says it is unsigned, or when it publishes no keys', async () => {
    const published = setUp(freshSettings(false));
    published.source.next = async () => undefined;
    await published.signing.reload(ZONE);
    expect(www(published.signing, published.zones)).toEqual({ rcode: Rcode.NOERROR, types: [RRType.A], uncacheable: false });

    const plain = setUp(undefined);
    await plain.signing.ready();
    expect(www(plain.signing, plain.zones)).toEqual({ rcode: Rcode.NOERROR, types: [RRType.A], uncacheable: false });
    expect(plain.signing.unavailable).toBe(0);
  });
});
