import { randomBytes } from 'node:crypto';
import { RRType } from '@kaja/dns-model';
import { afterEach, describe, expect, it } from 'vitest';
import { loadZoneText, wireRecord } from '../zoneFile';
import { ZoneStore } from '../zoneStore';
import { FedKeySource } from './fedKeySource';
import { ZoneFeedFollower, ZoneFeedPublisher, type LeadKeys } from './zoneFeed';

// Both sides in one thread: a BroadcastChannel delivers to every other channel of its name, in
// this thread or another, and a SharedArrayBuffer posted over it is the same memory either way.
const zoneText = (name: string, serial: number) =>
  `$TTL 300\n@ SOA ns1.${name}. hostmaster.${name}. ${serial} 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\n`;
const soa = (name: string, serial: number) =>
  wireRecord({ name, type: 'SOA', ttl: 300, content: `ns1.${name}. hostmaster.${name}. ${serial} 7200 3600 1209600 60` });
const a = (name: string, address: string) => wireRecord({ name, type: 'A', ttl: 300, content: address });
const addresses = (store: ZoneStore, zone: string, name: string) =>
  store
    .get(zone)
    ?.nodes.get(name)
    ?.rrsets.get(RRType.A)
    ?.rdata.map((r) => r.join('.'));

/** A lead whose zones are all unsigned (the keys sent with the zones: fedKeySource.test.ts). */
const unsigned: LeadKeys = { sealedKeys: () => ({ keys: undefined }), onRead: () => {} };

let closing: { close(): void }[] = [];
afterEach(() => {
  for (const side of closing) side.close();
  closing = [];
});

function lead(channel: string) {
  const zones = new ZoneStore();
  for (const name of ['example.com', 'example.net']) zones.put(loadZoneText(name, zoneText(name, 1)));
  const publisher = new ZoneFeedPublisher(channel, zones, (name) => `id-${name}`, unsigned);
  closing.push(publisher);
  return { zones, publisher };
}

function follower(channel: string) {
  const zones = new ZoneStore();
  const feed = new ZoneFeedFollower(channel, zones, new FedKeySource({ current: randomBytes(32), previous: [] }));
  closing.push(feed);
  return { zones, feed };
}

describe("a node's zones, loaded by its lead worker and served by the others", () => {
  it('gives a worker every zone in the same memory, then each change, put and removal', async () => {
    const channel = `test-${Math.random()}`;
    const { zones, publisher } = lead(channel);
    const other = follower(channel);
    publisher.start(true);
    expect(await other.feed.ready).toEqual({ fromSnapshot: true });
    expect([...other.zones.names()].sort()).toEqual(['example.com', 'example.net']);
    expect(other.feed.zoneId('example.net')).toBe('id-example.net');
    expect(addresses(other.zones, 'example.com', 'www.example.com')).toEqual(['192.0.2.80']);

    // One copy: an octet changed where the lead reads is changed where the other worker reads.
    zones.get('example.com')!.nodes.get('www.example.com')!.rrsets.get(RRType.A)!.rdata[0]![3] = 81;
    expect(addresses(other.zones, 'example.com', 'www.example.com')).toEqual(['192.0.2.81']);

    zones.apply('example.com', {
      previousSerial: 1,
      serial: 2,
      removed: [soa('example.com', 1)],
      added: [soa('example.com', 2), a('mail.example.com', '192.0.2.25')],
    });
    zones.put(loadZoneText('example.org', zoneText('example.org', 7)));
    zones.remove('example.net');
    await expect.poll(() => [...other.zones.names()].sort()).toEqual(['example.com', 'example.org']);
    expect(other.zones.get('example.com')!.serial).toBe(2);
    expect(addresses(other.zones, 'example.com', 'mail.example.com')).toEqual(['192.0.2.25']);
    expect(other.zones.get('example.org')!.serial).toBe(7);
  });

  it('gives a worker started later every zone as it is now, and leaves the others as they are', async () => {
    const channel = `test-${Math.random()}`;
    const { zones, publisher } = lead(channel);
    const first = follower(channel);
    publisher.start(false);
    await first.feed.ready;
    const served = first.zones.get('example.com');
    // Changed since it was loaded: the zone's images are built again before they are shared.
    zones.apply('example.com', {
      previousSerial: 1,
      serial: 2,
      removed: [soa('example.com', 1), a('www.example.com', '192.0.2.80')],
      added: [soa('example.com', 2)],
    });
    await expect.poll(() => first.zones.get('example.com')!.serial).toBe(2);

    const second = follower(channel);
    expect(await second.feed.ready).toEqual({ fromSnapshot: false });
    expect(second.zones.get('example.com')!.serial).toBe(2);
    expect(addresses(second.zones, 'example.com', 'www.example.com')).toBeUndefined();
    expect(second.zones.get('example.net')).toBeDefined();
    // What was sent to the second worker alone did not replace the first one's zones.
    expect(first.zones.get('example.com')).toBe(served);
  });

  it('drops what a lead started in place of another no longer serves', async () => {
    const channel = `test-${Math.random()}`;
    const first = lead(channel);
    const other = follower(channel);
    first.publisher.start(false);
    await other.feed.ready;
    first.publisher.close();
    // The lead that follows serves example.com only: example.net was deleted while none served.
    const zones = new ZoneStore();
    zones.put(loadZoneText('example.com', zoneText('example.com', 3)));
    const next = new ZoneFeedPublisher(channel, zones, (name) => `id-${name}`, unsigned);
    closing.push(next);
    next.start(false);
    await expect.poll(() => [...other.zones.names()]).toEqual(['example.com']);
    expect(other.zones.get('example.com')!.serial).toBe(3);
  });

  it('gives a worker that started before the lead served every zone once it does', async () => {
    const channel = `test-${Math.random()}`;
    const other = follower(channel);
    const { publisher } = lead(channel);
    let ready = false;
    void other.feed.ready.then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ready).toBe(false);
    expect(other.zones.size).toBe(0);
    publisher.start(false);
    await other.feed.ready;
    expect(other.zones.size).toBe(2);
  });
});
