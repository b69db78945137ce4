import { execFile } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { decodeMessage, encodeMessage } from '@kaja/dns-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authoritativeAnswer } from './authoritativeAnswer';
import { dsRecord } from './ds';
import { generateCryptokey } from './keys';
import { ServedZone } from './servedZone';

/*
 * BIND's delv, with our DS as its trust anchor, judges the answers and proofs made by the online
 * path (index, denial, signature cache) for every kind of answer the DNS server gives.
 */

const run = promisify(execFile);
const ZONE = 'example.com';

async function delv(port: number, anchors: string, name: string, type: string): Promise<string> {
  const args = ['@127.0.0.1', '-p', String(port), '-a', anchors, `+root=${ZONE}`, '+nortrace', name, type];
  try {
    const { stdout, stderr } = await run('delv', args, { timeout: 30_000 });
    return stdout + stderr;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
}

for (const nsec3 of [false, true]) {
  describe(`delv validates online answers with ${nsec3 ? 'NSEC3' : 'NSEC'}`, () => {
    const served = new ServedZone(ZONE, nsec3);
    let socket: Socket;
    let port: number;
    let dir: string;
    let anchors: string;

    beforeAll(async () => {
      socket = createSocket('udp4');
      socket.on('message', (bytes, peer) => {
        const query = decodeMessage(bytes);
        const answer = encodeMessage(authoritativeAnswer(served, query), { maxSize: query.edns?.udpSize ?? 512 });
        socket.send(answer, peer.port, peer.address);
      });
      await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
      port = socket.address().port;
      dir = await mkdtemp(join(tmpdir(), 'dnssec-delv-'));
      anchors = join(dir, 'anchors.conf');
      const ds = dsRecord(ZONE, served.keys[0]!.dnskey, 2);
      await writeFile(anchors, `trust-anchors {\n  ${ZONE}. static-ds ${ds.keyTag} ${ds.algorithm} 2 "${ds.digest}";\n};\n`);
    });

    afterAll(async () => {
      socket.close();
      await rm(dir, { recursive: true, force: true });
    });

    const cases: [what: string, name: string, type: string, expected: RegExp][] = [
      ['a positive answer', `mail.${ZONE}`, 'A', /; fully validated\n.*mail\.example\.com\.\s+300\s+IN\s+A\s+192\.0\.2\.25/s],
      ['NXDOMAIN', `nothere.${ZONE}`, 'A', /; negative response, fully validated/],
      ['NXDOMAIN below an empty non-terminal', `z.b.c.${ZONE}`, 'TXT', /; negative response, fully validated/],
      ['NODATA', `mail.${ZONE}`, 'TXT', /; negative response, fully validated/],
      ['NODATA at an empty non-terminal', `b.c.${ZONE}`, 'A', /; negative response, fully validated/],
      ['a wildcard answer', `foo.wild.${ZONE}`, 'TXT', /; fully validated\n.*foo\.wild\.example\.com\.\s+300\s+IN\s+TXT\s+"from the wildcard"/s],
      ['wildcard NODATA', `foo.wild.${ZONE}`, 'A', /; negative response, fully validated/],
      ['no DS at an unsigned delegation', `insecure.${ZONE}`, 'DS', /; negative response, fully validated/],
      ['the DS of a signed delegation', `secure.${ZONE}`, 'DS', /; fully validated\n.*secure\.example\.com\.\s+3600\s+IN\s+DS\s+12345 13 2/s],
    ];
    for (const [what, name, type, expected] of cases) {
      it(`${what}: ${name} ${type}`, async () => {
        expect(await delv(port, anchors, name, type)).toMatch(expected);
      });
    }

    it('a tampered signature is caught', async () => {
      const mail = served.rrsets.get(`mail.${ZONE}`)!.get(1)!;
      const rrsig = served.signatures.for(mail)!;
      const rdata = rrsig.rdata[0]!;
      rdata[rdata.length - 3]! ^= 0x40;
      try {
        const output = await delv(port, anchors, `mail.${ZONE}`, 'A');
        expect(output).not.toMatch(/fully validated/);
        expect(output).toMatch(/resolution failed/);
      } finally {
        rdata[rdata.length - 3]! ^= 0x40;
      }
    });

    it('a ZSK rollover validates at every step: pre-publish, activate, retire, delete', async () => {
      const [ksk, oldZsk] = served.keys as [(typeof served.keys)[0], (typeof served.keys)[0]];
      const newZsk = generateCryptokey({ keytype: 'zsk', active: false });
      const steps = [
        [ksk, oldZsk, newZsk],
        [ksk, { ...oldZsk, active: false }, { ...newZsk, active: true }],
        [ksk, { ...newZsk, active: true }],
      ];
      for (const keys of steps) {
        served.setKeys(keys);
        expect(await delv(port, anchors, `mail.${ZONE}`, 'A')).toMatch(/; fully validated/);
        expect(await delv(port, anchors, `nothere.${ZONE}`, 'A')).toMatch(/; negative response, fully validated/);
      }
      const signers = served.signatures.for(served.rrsets.get(`mail.${ZONE}`)!.get(1)!)!.rdata.map((r) => (r[16]! << 8) | r[17]!);
      expect(signers).toEqual([newZsk.keyTag]);
    });

    it('an NXDOMAIN proof without its wildcard denial is refused', async () => {
      const denial = served.denial;
      const complete = denial.nxdomain.bind(denial);
      // Keep only what proves the name itself is absent; the wildcard could still have matched.
      denial.nxdomain = (qname) => complete(qname).filter((rrset) => rrset === complete(qname)[nsec3 ? 1 : 0]);
      try {
        const output = await delv(port, anchors, `nothere.${ZONE}`, 'A');
        expect(output).not.toMatch(/fully validated/);
      } finally {
        denial.nxdomain = complete;
      }
    });
  });
}
