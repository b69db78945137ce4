import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordType } from '@kaja/dns-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RRSIG_TYPE } from './rrsig';
import { ServedZone } from './servedZone';
import { writeSignedZone, type SignedRecord } from './signZone';
import { zoneVerifierFailures } from './testing/zoneVerifiers';

/*
 * The online path as the DNS server runs it: a zone in memory, its index, its denial and the
 * signature cache, changed one RRset at a time. After each change the zone as served (every
 * RRset with what the cache gives for it, and the whole chain) must satisfy the validators, and
 * only the changed RRsets and their chain neighbours may have been signed again.
 */

const ZONE = 'example.com';
const NS = 2;
const DS = 43;

const signatureSet = (records: SignedRecord[]) => new Set(records.filter((r) => r.type === RRSIG_TYPE).map((r) => Buffer.from(r.rdata).toString('base64')));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dnssec-online-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

for (const nsec3 of [false, true]) {
  describe(`online signing with ${nsec3 ? 'NSEC3' : 'NSEC'}`, () => {
    const zone = new ServedZone(ZONE, nsec3);
    let step = 0;
    const check = async () => {
      const file = join(dir, `${nsec3 ? 'nsec3' : 'nsec'}-${step++}.zone`);
      const records = zone.served();
      await writeFile(file, writeSignedZone(ZONE, records));
      return { records, failures: await zoneVerifierFailures(ZONE, file) };
    };

    it('serves a zone the validators accept, and after each change only re-signs what changed', async () => {
      const first = await check();
      expect(first.failures).toEqual([]);
      const total = signatureSet(first.records).size;

      const changes: [string, string, string[]][] = [
        [`deep.new.branch.${ZONE}`, 'A', ['192.0.2.99']], // a name below two new empty non-terminals
        [`mail.${ZONE}`, 'A', ['192.0.2.26', '192.0.2.27']], // content change in place
        [`a.b.c.${ZONE}`, 'A', []], // the only name under two empty non-terminals goes
        [`newsub.${ZONE}`, 'NS', ['ns1.example.net.']], // a delegation appears
        [`newsub.${ZONE}`, 'DS', ['54321 13 2 ' + 'cd'.repeat(32)]], // and gets a DS
        [`*.wild.${ZONE}`, 'TXT', []], // the wildcard goes, its empty parent with it
      ];
      let previous = first.records;
      for (const [name, type, contents] of changes) {
        zone.change(name, type, contents);
        const next = await check();
        expect(next.failures, `${type} ${name}`).toEqual([]);
        const before = signatureSet(previous);
        const fresh = [...signatureSet(next.records)].filter((s) => !before.has(s));
        // The changed RRset, the NSEC/NSEC3 records next to it and, at most, those of new names.
        expect(fresh.length, `${type} ${name}`).toBeLessThanOrEqual(8);
        expect(fresh.length).toBeLessThan(total / 4);
        previous = next.records;
      }
    });

    it('the validators notice a stale signature left after a change that was not invalidated', async () => {
      const rrset = zone.rrsets.get(`ns1.${ZONE}`)!.get(1)!;
      expect(zone.signatures.for(rrset)).toBeDefined();
      // The old signature over new content: what a missing invalidation would serve.
      const changed = zone.served().map((r) => (r.type === 1 && r.name === `ns1.${ZONE}` ? { ...r, rdata: recordType(1).toWire('192.0.2.254') } : r));
      const file = join(dir, `${nsec3 ? 'nsec3' : 'nsec'}-stale.zone`);
      await writeFile(file, writeSignedZone(ZONE, changed));
      expect((await zoneVerifierFailures(ZONE, file)).length).toBe(2);
    });
  });
}

it('does not sign the NS set of a delegation', () => {
  const zone = new ServedZone(ZONE, false);
  const records = zone.served();
  const covered = records.filter((r) => r.type === RRSIG_TYPE && r.name === `secure.${ZONE}`).map((r) => (r.rdata[0]! << 8) | r.rdata[1]!);
  expect(covered).not.toContain(NS);
  expect(covered).toContain(DS);
});
