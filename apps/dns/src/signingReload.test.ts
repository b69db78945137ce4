import { DnsClass, type ResourceRecord } from '@kaja/dns-model';
import { describe, expect, it } from 'vitest';
import { StaticKeySource, type KeySource, type SigningSettings } from './keySource';
import { keyRecords } from './publishedKeys';
import { ZoneSigning } from './signing';
import { freshSettings } from './testing/signedServer';
import { loadZoneText } from './zoneFile';
import { ZoneStore } from './zoneStore';

/*
 * Keys are read when a zone comes, and again when it is loaded whole once more: a node that was
 * behind (a gap in the journal) may have missed the change that made the keys.
 */

const ZONE = 'example.com';
const TEXT = `$TTL 300
@ 3600 SOA ns1 hostmaster 2026112201 7200 3600 1209600 300
@ 3600 NS ns1
ns1 A 192.0.2.53
`;

/** A key source whose keys change without telling anyone, as a database does for a node that missed a notice. */
class QuietKeySource implements KeySource {
  keys: SigningSettings | undefined;
  async settings(): Promise<SigningSettings | undefined> {
    return this.keys;
  }
}

describe('reading the keys of a zone', () => {
  it('reads them again when the zone is loaded whole again', async () => {
    const zones = new ZoneStore();
    zones.put(loadZoneText(ZONE, TEXT, ZONE));
    const source = new QuietKeySource();
    const signing = new ZoneSigning(zones, source);
    try {
      await signing.ready();
      expect(signing.signer(zones.get(ZONE)!)).toBeUndefined();

      const settings = freshSettings(false);
      source.keys = settings;
      zones.put(loadZoneText(ZONE, TEXT, ZONE, keyRecords(ZONE, settings)));
      await signing.ready();
      expect(signing.signer(zones.get(ZONE)!)).toBeDefined();
    } finally {
      signing.close();
    }
  });

  it('tells its answers are stale when keys come or change, not when the zone is loaded again with the same keys', async () => {
    const zones = new ZoneStore();
    zones.put(loadZoneText(ZONE, TEXT, ZONE));
    const source = new QuietKeySource();
    const signing = new ZoneSigning(zones, source);
    const told: (string | undefined)[] = [];
    signing.onInvalidate((zone) => told.push(zone));
    try {
      await signing.ready();
      const settings = freshSettings(false);
      source.keys = settings;
      zones.put(loadZoneText(ZONE, TEXT, ZONE, keyRecords(ZONE, settings)));
      await signing.ready();
      expect(told).toEqual([ZONE]);
      // The zone put made its answers go already; those made since are signed with these keys.
      zones.put(loadZoneText(ZONE, TEXT, ZONE, keyRecords(ZONE, settings)));
      await signing.ready();
      expect(told).toEqual([ZONE]);
      const next = freshSettings(false);
      source.keys = next;
      zones.put(loadZoneText(ZONE, TEXT, ZONE, keyRecords(ZONE, next)));
      await signing.ready();
      expect(told).toEqual([ZONE, ZONE]);
    } finally {
      signing.close();
    }
  });

  it('does not read them again when another zone comes', async () => {
    const zones = new ZoneStore();
    const settings = freshSettings(false);
    zones.put(loadZoneText(ZONE, TEXT, ZONE, keyRecords(ZONE, settings)));
    const source = new StaticKeySource([[ZONE, settings]]);
    let reads = 0;
    const counting: KeySource = { settings: (zone) => (reads++, source.settings(zone)) };
    const signing = new ZoneSigning(zones, counting);
    try {
      await signing.ready();
      zones.put(loadZoneText('example.net', TEXT.replace(/ns1/g, 'ns1.example.net.'), 'example.net'));
      await signing.ready();
      expect(reads).toBe(2);
    } finally {
      signing.close();
    }
  });

  it('reads them again on a change of the SOA alone when its key source bumps the serial for keys, and only then', async () => {
    for (const keysChangeWithSerial of [true, false]) {
      const zones = new ZoneStore();
      zones.put(loadZoneText(ZONE, TEXT, ZONE));
      const source = new QuietKeySource();
      let reads = 0;
      const counting: KeySource = { settings: () => (reads++, source.settings()), keysChangeWithSerial };
      const signing = new ZoneSigning(zones, counting);
      try {
        await signing.ready();
        // A key activated: no record changes but the serial.
        source.keys = freshSettings(false);
        const soa = (serial: number): ResourceRecord => {
          const { name, type, ttl, rdata } = loadZoneText(ZONE, TEXT.replace('2026112201', String(serial)), ZONE).soa;
          return { name, type, class: DnsClass.IN, ttl, rdata: rdata[0]! };
        };
        expect(zones.apply(ZONE, { previousSerial: 2026112201, serial: 2026112202, removed: [soa(2026112201)], added: [soa(2026112202)] })).toBe('applied');
        await signing.ready();
        expect(reads).toBe(keysChangeWithSerial ? 2 : 1);
        expect(signing.signer(zones.get(ZONE)!) !== undefined).toBe(keysChangeWithSerial);
      } finally {
        signing.close();
      }
    }
  });
});
