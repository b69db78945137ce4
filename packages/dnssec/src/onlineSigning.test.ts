import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { recordType, typeCode } from '@kaja/dns-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rrset } from './canonical';
import type { Denial } from './denial';
import { dsRdata } from './ds';
import { generateCryptokey } from './keys';
import { NsecDenial } from './nsec';
import { Nsec3Denial } from './nsec3';
import { RRSIG_TYPE } from './rrsig';
import { SignatureCache } from './signatureCache';
import { writeSignedZone, type SignedRecord } from './signZone';
import { zoneRecords } from './testZone';
import { ZoneIndex } from './zoneIndex';

/*
 * The online path as the DNS server runs it: a zone in memory, its index, its denial and the
 * signature cache, changed one RRset at a time. After each change the zone as served (every
 * RRset with what the cache gives for it, and the whole chain) must satisfy the validators, and
 * only the changed RRsets and their chain neighbours may have been signed again.
 */

const run = promisify(execFile);
const ZONE = 'example.com';
const NS = 2;
const DS = 43;

async function validators(file: string): Promise<string[]> {
  const failures: string[] = [];
  for (const [command, args] of [['ldns-verify-zone', [file]], ['dnssec-verify', ['-o', ZONE, file]]] as const) {
    try {
      await run(command, [...args], { timeout: 60_000 });
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string };
      failures.push(`${command}: ${e.stdout ?? ''}${e.stderr ?? ''}`);
    }
  }
  return failures;
}

class ServedZone {
  readonly rrsets = new Map<string, Map<number, Rrset>>();
  readonly index: ZoneIndex;
  readonly denial: Denial;
  readonly signatures: SignatureCache;

  constructor(nsec3: boolean) {
    const keys = [generateCryptokey({ keytype: 'ksk' }), generateCryptokey({ keytype: 'zsk' })];
    for (const r of zoneRecords(ZONE)) {
      const type = typeCode(r.type);
      const rdata = recordType(type).toWire(r.content);
      const existing = this.rrsets.get(r.name)?.get(type);
      this.put({ name: r.name, type, ttl: r.ttl, rdata: existing ? [...existing.rdata, rdata] : [rdata] });
    }
    this.put({ name: ZONE, type: 48, ttl: 3600, rdata: keys.map((k) => k.dnskey) });
    this.put({ name: ZONE, type: 59, ttl: 3600, rdata: [dsRdata(ZONE, keys[0]!.dnskey, 2)] });
    this.put({ name: ZONE, type: 60, ttl: 3600, rdata: [keys[0]!.dnskey] });
    this.index = new ZoneIndex(ZONE, [...this.rrsets.values()].flatMap((types) => [...types.values()]));
    this.denial = nsec3 ? new Nsec3Denial(this.index, 300) : new NsecDenial(this.index, 300);
    for (const rrset of this.denial.apexRrsets()) this.put(rrset);
    this.signatures = new SignatureCache(ZONE, keys);
  }

  private put(rrset: Rrset): void {
    let types = this.rrsets.get(rrset.name);
    if (!types) this.rrsets.set(rrset.name, (types = new Map()));
    types.set(rrset.type, rrset);
  }

  /** A change through the API: the RRset replaced (or removed when `rdata` is empty). */
  change(name: string, type: string, contents: string[]): void {
    const code = typeCode(type);
    const types = this.rrsets.get(name) ?? new Map<number, Rrset>();
    if (contents.length === 0) types.delete(code);
    else types.set(code, { name, type: code, ttl: 300, rdata: contents.map((c) => recordType(code).toWire(c)) });
    if (types.size === 0) this.rrsets.delete(name);
    else this.rrsets.set(name, types);
    this.index.update(name, types.keys());
    this.signatures.invalidate(name, code);
  }

  /** What an AXFR of the signed zone would carry. */
  served(): SignedRecord[] {
    const out: SignedRecord[] = [];
    const add = (rrset: Rrset, signed: boolean) => {
      for (const rdata of rrset.rdata) out.push({ name: rrset.name, type: rrset.type, ttl: rrset.ttl, rdata });
      const rrsig = signed ? this.signatures.for(rrset) : undefined;
      for (const rdata of rrsig?.rdata ?? []) out.push({ name: rrset.name, type: RRSIG_TYPE, ttl: rrset.ttl, rdata });
    };
    for (const [name, types] of this.rrsets) {
      const entry = this.index.get(name);
      for (const rrset of types.values()) add(rrset, !!entry && (!entry.delegation || rrset.type === DS));
    }
    for (const rrset of this.denial.chain()) add(rrset, true);
    return out;
  }
}

const signatureSet = (records: SignedRecord[]) =>
  new Set(records.filter((r) => r.type === RRSIG_TYPE).map((r) => Buffer.from(r.rdata).toString('base64')));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dnssec-online-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

for (const nsec3 of [false, true]) {
  describe(`online signing with ${nsec3 ? 'NSEC3' : 'NSEC'}`, () => {
    const zone = new ServedZone(nsec3);
    let step = 0;
    const check = async () => {
      const file = join(dir, `${nsec3 ? 'nsec3' : 'nsec'}-${step++}.zone`);
      const records = zone.served();
      await writeFile(file, writeSignedZone(ZONE, records));
      return { records, failures: await validators(file) };
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
      const changed = zone.served().map((r) =>
        r.type === 1 && r.name === `ns1.${ZONE}` ? { ...r, rdata: recordType(1).toWire('192.0.2.254') } : r,
      );
      const file = join(dir, `${nsec3 ? 'nsec3' : 'nsec'}-stale.zone`);
      await writeFile(file, writeSignedZone(ZONE, changed));
      expect((await validators(file)).length).toBe(2);
    });
  });
}

it('does not sign the NS set of a delegation', () => {
  const zone = new ServedZone(false);
  const records = zone.served();
  const covered = records.filter((r) => r.type === RRSIG_TYPE && r.name === `secure.${ZONE}`).map((r) => (r.rdata[0]! << 8) | r.rdata[1]!);
  expect(covered).not.toContain(NS);
  expect(covered).toContain(DS);
});
