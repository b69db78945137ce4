import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { customerTypes, DNSKEY, typeName } from '@kaja/dns-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCryptokey } from './keys';
import { verifyRrsig, readRrsig, RRSIG_TYPE } from './rrsig';
import { signedZoneRecords, signZone, writeSignedZone, type SignedRecord } from './signZone';
import { TEST_ZONE, zoneRecords } from './testZone';

const run = promisify(execFile);
const ZONE = 'example.com';

interface Outcome {
  ok: boolean;
  output: string;
}

async function validate(command: string, args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(command, args, { timeout: 60_000 });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; code?: number };
    return { ok: false, output: `${e.code}: ${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

const ldnsVerifyZone = (file: string) => validate('ldns-verify-zone', [file]);
const dnssecVerify = (file: string) => validate('dnssec-verify', ['-o', ZONE, file]);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dnssec-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('the test zone covers every customer record type except ALIAS', () => {
  const covered = new Set(zoneRecords(ZONE).map((r) => r.type));
  expect(customerTypes.filter((t) => t !== 'ALIAS' && !covered.has(t))).toEqual([]);
});

for (const algorithm of [13, 15, 8]) {
  for (const nsec3 of [false, true]) {
    describe(`algorithm ${algorithm} with ${nsec3 ? 'NSEC3' : 'NSEC'}`, () => {
      let signed: SignedRecord[];
      let file: string;

      beforeAll(async () => {
        const keys = [generateCryptokey({ keytype: 'ksk', algorithm }), generateCryptokey({ keytype: 'zsk', algorithm })];
        signed = signZone({ zone: ZONE, records: zoneRecords(ZONE), keys, nsec3 });
        file = join(dir, `${algorithm}-${nsec3 ? 'nsec3' : 'nsec'}.zone`);
        await writeFile(file, writeSignedZone(ZONE, signed));
      });

      it('ldns-verify-zone accepts the signed zone', async () => {
        const outcome = await ldnsVerifyZone(file);
        expect(outcome.output).toMatch(/Zone is verified and complete/);
        expect(outcome.ok).toBe(true);
      });

      it('dnssec-verify (BIND) accepts the signed zone', async () => {
        const outcome = await dnssecVerify(file);
        expect(outcome.output).toMatch(/Zone fully signed/);
        expect(outcome.ok).toBe(true);
      });

      it('both refuse the zone with one corrupted signature', async () => {
        const www = signed.findIndex((r) => r.type === RRSIG_TYPE && r.name === `www.${ZONE}`);
        const corrupted = signed.slice();
        const rdata = corrupted[www]!.rdata.slice();
        rdata[rdata.length - 5]! ^= 0x55;
        corrupted[www] = { ...corrupted[www]!, rdata };
        const bad = join(dir, `${algorithm}-${nsec3 ? 'nsec3' : 'nsec'}-corrupted.zone`);
        await writeFile(bad, writeSignedZone(ZONE, corrupted));
        expect((await ldnsVerifyZone(bad)).ok).toBe(false);
        expect((await dnssecVerify(bad)).ok).toBe(false);
      });

      it('signs authoritative data only: no signature on glue or delegation NS, one on the DS', () => {
        const signedSets = new Set(signed.filter((r) => r.type === RRSIG_TYPE).map((r) => `${r.name} ${typeName(readRrsig(r.rdata).typeCovered)}`));
        expect(signedSets.has(`secure.${ZONE} DS`)).toBe(true);
        expect(signedSets.has(`secure.${ZONE} NS`)).toBe(false);
        expect(signedSets.has(`ns.secure.${ZONE} A`)).toBe(false);
        expect(signedSets.has(`ns.insecure.${ZONE} AAAA`)).toBe(false);
        expect(signedSets.has(`${ZONE} DNSKEY`)).toBe(true);
        expect(signedSets.has(`*.wild.${ZONE} TXT`)).toBe(true);
      });
    });
  }
}

describe('names with escaped octets and NSEC3 with salt and iterations', () => {
  // ldns-verify-zone checks that the NSEC chain is in canonical order, so octets that sort
  // differently from their presentation (\\000, \\., capitals folded, octets above 127) test it.
  const zone = `
$TTL 300
@            3600 SOA ns1.example.com. hostmaster.example.com. 1 7200 3600 1209600 300
@            3600 NS  ns1.example.com.
ns1               A   192.0.2.53
a\\000b           TXT "octet zero"
a                 TXT "a"
a\\.b             TXT "escaped dot"
A-B               TXT "hyphen"
\\200x            TXT "high octet"
z\\001.a          TXT "octet one"
`;

  for (const nsec3 of [false, { iterations: 5, salt: Uint8Array.from([0xaa, 0xbb]) }] as const) {
    it(`validators accept it with ${nsec3 ? 'NSEC3 (salt aabb, 5 iterations)' : 'NSEC'}`, async () => {
      const keys = [generateCryptokey({ keytype: 'ksk' }), generateCryptokey({ keytype: 'zsk' })];
      const signed = signZone({ zone: ZONE, records: zoneRecords(ZONE, zone), keys, nsec3, cdsDigestTypes: [2, 4] });
      const file = join(dir, `escapes-${nsec3 ? 'nsec3' : 'nsec'}.zone`);
      await writeFile(file, writeSignedZone(ZONE, signed));
      const ldns = await ldnsVerifyZone(file);
      expect(ldns.output).toMatch(/Zone is verified and complete/);
      const bind = await dnssecVerify(file);
      expect(bind.output).toMatch(/Zone fully signed/);
      expect(ldns.ok && bind.ok).toBe(true);
      expect(signed.filter((r) => r.type === 59)).toHaveLength(2);
    });
  }
});

describe('whole-zone signing rules', () => {
  const keys = [generateCryptokey({ keytype: 'ksk' }), generateCryptokey({ keytype: 'zsk' })];

  it('signs the DNSKEY set with the KSK and the rest with the ZSK', () => {
    const signed = signZone({ zone: ZONE, records: zoneRecords(ZONE), keys, now: 1_800_000_000 });
    const sigs = signed.filter((r) => r.type === RRSIG_TYPE).map((r) => ({ r, f: readRrsig(r.rdata) }));
    const dnskeySigs = sigs.filter((s) => s.f.typeCovered === 48);
    expect(dnskeySigs.map((s) => s.f.keyTag)).toEqual([keys[0]!.keyTag]);
    const aSig = sigs.find((s) => s.r.name === ZONE && s.f.typeCovered === 1)!;
    expect(aSig.f.keyTag).toBe(keys[1]!.keyTag);
    expect(aSig.f.inception).toBe(1_800_000_000 - 3600);
    expect(aSig.f.expiration).toBe(1_800_000_000 + 14 * 86400);
    const rdata = signed.filter((r) => r.name === ZONE && r.type === 1).map((r) => r.rdata);
    expect(verifyRrsig({ name: ZONE, type: 1, ttl: 300, rdata }, aSig.r.rdata, keys[1]!.dnskey, 1_800_000_000)).toBe(true);
  });

  it('publishes CDS and CDNSKEY for the active KSK and the wildcard signature counts its labels without *', () => {
    const records = signedZoneRecords(signZone({ zone: ZONE, records: zoneRecords(ZONE), keys }));
    const at = (name: string, type: string) => records.filter((r) => r.name === name && r.type === type).map((r) => r.content);
    expect(at(ZONE, 'CDS')).toEqual([expect.stringMatching(new RegExp(`^${keys[0]!.keyTag} 13 2 [0-9a-f]{64}$`))]);
    expect(at(ZONE, 'CDNSKEY')).toEqual([DNSKEY.fromWire(keys[0]!.dnskey)]);
    expect(at(`*.wild.${ZONE}`, 'RRSIG').filter((c) => c.startsWith('TXT '))).toEqual([expect.stringMatching(/^TXT 13 3 300 /)]);
  });

  it('writes a signed zone file that reads back as exactly the signed records', () => {
    const signed = signZone({ zone: ZONE, records: zoneRecords(ZONE), keys });
    const text = (records: { name: string; type: string; ttl: number; content: string }[]) =>
      records.map((r) => `${r.name} ${r.ttl} ${r.type} ${r.content}`).sort();
    expect(text(zoneRecords(ZONE, Buffer.concat([...writeSignedZone(ZONE, signed)]).toString()))).toEqual(text(signedZoneRecords(signed)));
  });

  it('publishes an inactive key without signing with it', () => {
    const standby = generateCryptokey({ keytype: 'zsk', active: false });
    const signed = signZone({ zone: ZONE, records: zoneRecords(ZONE), keys: [...keys, standby] });
    expect(signed.filter((r) => r.type === 48)).toHaveLength(3);
    expect(signed.some((r) => r.type === RRSIG_TYPE && readRrsig(r.rdata).keyTag === standby.keyTag)).toBe(false);
  });

  it('refuses ALIAS, a zone without SOA, and signing without an active key', () => {
    const alias = zoneRecords(ZONE, `${TEST_ZONE}\n@ ALIAS target.example.net.\n`);
    expect(() => signZone({ zone: ZONE, records: alias, keys })).toThrow(/ALIAS at example.com is answered live/);
    expect(() => signZone({ zone: ZONE, records: zoneRecords(ZONE).filter((r) => r.type !== 'SOA'), keys })).toThrow(/exactly one SOA/);
    expect(() => signZone({ zone: ZONE, records: zoneRecords(ZONE), keys: [{ ...keys[0]!, active: false }] })).toThrow(/at least one active key/);
  });
});
