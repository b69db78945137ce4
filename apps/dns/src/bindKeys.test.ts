import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { signRrset, verifyRrsig } from '@kaja/dnssec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBindKeys } from './bindKeys';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dns-bind-keys-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** dnssec-keygen (BIND) makes a key in `keyDir`; returns the file's base name. */
async function keygen(keyDir: string, zone: string, args: string[]): Promise<string> {
  const { stdout } = await run('dnssec-keygen', ['-q', '-K', keyDir, ...args, zone], { timeout: 60_000 });
  return stdout.trim();
}

describe('BIND key files', () => {
  it.each([
    ['ECDSAP256SHA256', 13],
    ['ED25519', 15],
    ['RSASHA256', 8],
  ])('reads %s keys that dnssec-keygen made, and signs what the key verifies', async (mnemonic, algorithm) => {
    const keyDir = await mkdtemp(join(dir, `${algorithm}-`));
    const zone = `alg${algorithm}.example`;
    const ksk = await keygen(keyDir, zone, ['-a', mnemonic, '-f', 'KSK', ...(algorithm === 8 ? ['-b', '2048'] : [])]);
    await keygen(keyDir, zone, ['-a', mnemonic, ...(algorithm === 8 ? ['-b', '2048'] : [])]);
    const keys = await readBindKeys(zone, keyDir);
    expect(keys.map((k) => k.keytype).sort()).toEqual(['ksk', 'zsk']);
    const kskKey = keys.find((k) => k.keytype === 'ksk')!;
    expect(kskKey.algorithm).toBe(algorithm);
    expect(kskKey.keyTag).toBe(Number(/\+(\d+)$/.exec(ksk)![1]));
    const published = (await readFile(join(keyDir, `${ksk}.key`), 'utf8')).split('\n').find((l) => l.includes('DNSKEY'))!;
    const words = published.trim().split(/\s+/);
    expect(words.slice(words.indexOf('DNSKEY') + 4).join('')).toBe(Buffer.from(kskKey.dnskey.subarray(4)).toString('base64'));
    const rrset = { name: `www.${zone}`, type: 1, ttl: 300, rdata: [Uint8Array.of(192, 0, 2, 1)] };
    const times = { inception: 1_700_000_000, expiration: 1_900_000_000 };
    for (const key of keys) expect(verifyRrsig(rrset, signRrset(rrset, key, zone, times), key.dnskey)).toBe(true);
  });

  it('publishes a key not yet active, and leaves out a deleted one', async () => {
    const keyDir = await mkdtemp(join(dir, 'timing-'));
    const zone = 'timing.example';
    await keygen(keyDir, zone, ['-a', 'ECDSAP256SHA256', '-f', 'KSK']);
    const later = await keygen(keyDir, zone, ['-a', 'ECDSAP256SHA256', '-A', '+1d']);
    await keygen(keyDir, zone, ['-a', 'ECDSAP256SHA256', '-P', '-2d', '-A', '-2d', '-I', '-1d', '-D', '-1h']);
    const keys = await readBindKeys(zone, keyDir);
    expect(keys).toHaveLength(2);
    const zsk = keys.find((k) => k.keytype === 'zsk')!;
    expect(zsk.keyTag).toBe(Number(/\+(\d+)$/.exec(later)![1]));
    expect(zsk.active).toBe(false);
  });

  it('says which files it expected when there are none', async () => {
    await expect(readBindKeys('none.example', dir)).rejects.toThrow('no key files for none.example');
  });
});
