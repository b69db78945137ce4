import { createPrivateKey, type JsonWebKey } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { importCryptokey, KSK_FLAGS, readDnskey, type Cryptokey } from '@kaja/dnssec';
import { fqdn } from '@kaja/dns-model';

/**
 * Reads a zone's keys from BIND key files in `dir` (`K<zone>.+<alg>+<tag>.key` and `.private`, as
 * `dnssec-keygen` writes them), so the server can sign with the same keys as BIND or Knot.
 * Timing metadata is honoured: a key not yet activated or already inactive is published but signs
 * nothing, a key past its deletion date is left out.
 */
export async function readBindKeys(zone: string, dir: string, now = new Date()): Promise<Cryptokey[]> {
  const prefix = `K${fqdn(zone)}+`;
  const files = (await readdir(dir)).filter((f) => f.toLowerCase().startsWith(prefix.toLowerCase()) && f.endsWith('.private'));
  const keys: Cryptokey[] = [];
  for (const file of files.sort()) {
    const base = join(dir, file.slice(0, -'.private'.length));
    const key = bindKey(await readFile(`${base}.key`, 'utf8'), await readFile(`${base}.private`, 'utf8'), now, base);
    if (key) keys.push(key);
  }
  if (keys.length === 0) throw new Error(`no key files for ${zone} in ${dir} (expected ${prefix}<alg>+<tag>.key and .private)`);
  return keys;
}

/** One key from the texts of its .key and .private files; undefined when it is past deletion. */
export function bindKey(publicText: string, privateText: string, now: Date, source = 'key'): Cryptokey | undefined {
  const line = publicText.split('\n').find((l) => /\sDNSKEY\s/i.test(l) && !l.trimStart().startsWith(';'));
  if (!line) throw new Error(`${source}.key: no DNSKEY record`);
  const words = line.trim().split(/\s+/);
  const at = words.findIndex((w) => w.toUpperCase() === 'DNSKEY');
  const [flags, , algorithm] = words.slice(at + 1, at + 4).map(Number) as [number, number, number];
  const publicKey = Buffer.from(words.slice(at + 4).join(''), 'base64');
  const fields = new Map<string, string>();
  for (const l of privateText.split('\n')) {
    const colon = l.indexOf(':');
    if (colon > 0) fields.set(l.slice(0, colon).trim(), l.slice(colon + 1).trim());
  }
  const time = (name: string) => {
    const value = fields.get(name);
    if (!value) return undefined;
    const [, y, mo, d, h, mi, s] = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(value) ?? [];
    return y ? new Date(Date.UTC(+y, +mo! - 1, +d!, +h!, +mi!, +s!)) : undefined;
  };
  if ((time('Delete') ?? Infinity) <= now) return undefined;
  const active = (time('Activate') ?? 0) <= now && (time('Inactive') ?? Infinity) > now;
  const jwk = privateJwk(algorithm, publicKey, fields, source);
  const pkcs8 = new Uint8Array(createPrivateKey({ key: jwk, format: 'jwk' }).export({ format: 'der', type: 'pkcs8' }));
  const key = importCryptokey({ keytype: flags === KSK_FLAGS ? 'ksk' : 'zsk', algorithm, active }, pkcs8);
  if (Buffer.compare(Buffer.from(readDnskey(key.dnskey).publicKey), publicKey) !== 0) {
    throw new Error(`${source}: the private key does not belong to the public key`);
  }
  return key;
}

const b64url = (base64: string | Uint8Array) => Buffer.from(typeof base64 === 'string' ? Buffer.from(base64, 'base64') : base64).toString('base64url');

function privateJwk(algorithm: number, publicKey: Buffer, fields: Map<string, string>, source: string): JsonWebKey {
  const field = (name: string) => {
    const value = fields.get(name);
    if (!value) throw new Error(`${source}.private: no ${name}`);
    return b64url(value);
  };
  switch (algorithm) {
    case 13:
      return { kty: 'EC', crv: 'P-256', d: field('PrivateKey'), x: b64url(publicKey.subarray(0, 32)), y: b64url(publicKey.subarray(32)) };
    case 15:
      return { kty: 'OKP', crv: 'Ed25519', d: field('PrivateKey'), x: b64url(publicKey) };
    case 8:
      return {
        kty: 'RSA',
        n: field('Modulus'),
        e: field('PublicExponent'),
        d: field('PrivateExponent'),
        p: field('Prime1'),
        q: field('Prime2'),
        dp: field('Exponent1'),
        dq: field('Exponent2'),
        qi: field('Coefficient'),
      };
    default:
      throw new Error(`${source}: algorithm ${algorithm} is not supported (use 8, 13 or 15)`);
  }
}
