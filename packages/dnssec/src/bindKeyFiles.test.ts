import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseZoneFile } from '@kaja/dns-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCryptokey } from './keys';
import { signZoneInParallel } from './signParallel';
import { writeSignedZone } from './signZone';
import { bindSignZone, writeBindKeys } from './testing/bindSigner';
import { knotSignZone, prepareKnotSigning } from './testing/knotSigner';
import { zoneVerifierFailures } from './testing/zoneVerifiers';
import { generatedZoneFile } from './testZone';

const ZONE = 'bench.example';
// The benchmark's generator at 800 records: every kind of name it makes, a delegation with a DS and
// one without among them, for 40 % of the processor time 2,000 records took.
const text = generatedZoneFile(ZONE, 800);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dnssec-bind-'));
  await writeFile(join(dir, 'zone'), text);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

for (const algorithm of [13, 15, 8]) {
  for (const nsec3 of [false, true]) {
    describe(`algorithm ${algorithm} with ${nsec3 ? 'NSEC3' : 'NSEC'}, the signing benchmark's zone`, () => {
      const keys = [generateCryptokey({ keytype: 'ksk', algorithm }), generateCryptokey({ keytype: 'zsk', algorithm })];
      const name = `${algorithm}-${nsec3 ? 'nsec3' : 'nsec'}`;

      it('dnssec-signzone signs it with our keys written as BIND key files, and both validators accept the result', async () => {
        const keyDir = await mkdtemp(join(dir, 'keys-'));
        const output = join(dir, `${name}.bind`);
        await writeBindKeys(ZONE, keys, keyDir);
        await bindSignZone({ zone: ZONE, input: join(dir, 'zone'), output, dir: keyDir, nsec3, threads: 2 });
        const signed = await readFile(output, 'utf8');
        for (const key of keys) expect(signed).toContain(Buffer.from(key.dnskey.subarray(4)).toString('base64').slice(0, 40));
        expect(signed).toMatch(nsec3 ? /\sNSEC3\s+1 0 0 - / : /\sNSEC\s/);
        expect(await zoneVerifierFailures(ZONE, output)).toEqual([]);
      });

      it("Knot's kzonesign signs it with the same key files imported into its key store, and both validators accept the result", async () => {
        const keyDir = await mkdtemp(join(dir, 'keys-'));
        await writeBindKeys(ZONE, keys, keyDir);
        const signing = await prepareKnotSigning({ zone: ZONE, input: join(dir, 'zone'), dir: await mkdtemp(join(dir, 'knot-')), keyDir, nsec3, threads: 2 });
        await knotSignZone(signing);
        const signed = await readFile(signing.output, 'utf8');
        // Exactly our keys: Knot made none of its own.
        const dnskeys = signed.split('\n').filter((line) => line.split(/\s+/)[2] === 'DNSKEY');
        expect(dnskeys.map((line) => line.split(/\s+/).slice(6).join('')).sort()).toEqual(
          keys.map((key) => Buffer.from(key.dnskey.subarray(4)).toString('base64')).sort(),
        );
        expect(signed).toMatch(nsec3 ? /\sNSEC3\s+1\s+0\s+0\s+-\s/ : /\sNSEC\s/);
        expect(await zoneVerifierFailures(ZONE, signing.output)).toEqual([]);
      });

      it('our parallel signer signs the same zone (its rdata kept from reading it, as the benchmark does), and both validators accept it', async () => {
        const { records } = parseZoneFile(text, { origin: ZONE, wire: true });
        const signed = await signZoneInParallel({ zone: ZONE, records, keys, nsec3, threads: 2 });
        const output = join(dir, `${name}.kaja`);
        await writeFile(output, writeSignedZone(ZONE, signed));
        expect(await zoneVerifierFailures(ZONE, output)).toEqual([]);
      });
    });
  }
}
