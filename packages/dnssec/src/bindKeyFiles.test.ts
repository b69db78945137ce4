import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseZoneFile } from '@kaja/dns-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCryptokey } from './keys';
import { signZoneInParallel } from './signParallel';
import { writeSignedZone } from './signZone';
import { bindSignZone, writeBindKeys } from './testing/bindSigner';
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
