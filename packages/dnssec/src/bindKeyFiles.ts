import { algorithmSuite } from './algorithms';
import { KSK_FLAGS, readDnskey, type Cryptokey } from './keys';

/** A key as BIND's tools read it: `K<zone>.+<alg>+<tag>` with its `.key` and `.private` texts. */
export interface BindKeyFile {
  base: string;
  key: string;
  private: string;
}

/**
 * A cryptokey written as `dnssec-keygen` writes one (private-key format v1.3), so BIND's
 * `dnssec-signzone` or Knot's `keymgr import-bind` can sign with exactly our keys. An active key
 * is published and activated at `created`; an inactive one only published.
 */
export function bindKeyFile(zone: string, key: Cryptokey, created = new Date()): BindKeyFile {
  const owner = `${zone}.`;
  const { flags, publicKey } = readDnskey(key.dnskey);
  const base = `K${owner}+${String(key.algorithm).padStart(3, '0')}+${String(key.keyTag).padStart(5, '0')}`;
  const kind = flags === KSK_FLAGS ? 'key-signing' : 'zone-signing';
  const publicText =
    `; This is a ${kind} key, keyid ${key.keyTag}, for ${owner}\n` +
    `${owner} IN DNSKEY ${flags} 3 ${key.algorithm} ${Buffer.from(publicKey).toString('base64')}\n`;
  const stamp = created.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const jwk = key.privateKey.export({ format: 'jwk' });
  const field = (value: string | undefined) => Buffer.from(value ?? '', 'base64url').toString('base64');
  const material =
    key.algorithm === 8
      ? [
          ['Modulus', jwk.n],
          ['PublicExponent', jwk.e],
          ['PrivateExponent', jwk.d],
          ['Prime1', jwk.p],
          ['Prime2', jwk.q],
          ['Exponent1', jwk.dp],
          ['Exponent2', jwk.dq],
          ['Coefficient', jwk.qi],
        ]
      : [['PrivateKey', jwk.d]];
  const lines = [
    'Private-key-format: v1.3',
    `Algorithm: ${key.algorithm} (${algorithmSuite(key.algorithm).mnemonic})`,
    ...material.map(([name, value]) => `${name}: ${field(value)}`),
    `Created: ${stamp}`,
    `Publish: ${stamp}`,
    ...(key.active ? [`Activate: ${stamp}`] : []),
  ];
  return { base, key: publicText, private: lines.join('\n') + '\n' };
}
