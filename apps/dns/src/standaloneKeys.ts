import { dsRecord, exportPrivateKey, generateCryptokey, importCryptokey, type Cryptokey, type Keytype } from '@kaja/dnssec';
import { readBindKeys } from './bindKeys';
import type { DnssecSource } from './cli';
import type { SigningSettings } from './keySource';

/**
 * Keys made at start by the supervising thread, handed to its workers (the worker threads'
 * environment) so every worker signs with the same keys. Standalone mode only: in database mode
 * keys are rows of `cryptokeys`, sealed.
 */
export const STARTUP_KEYS_VARIABLE = 'KAJA_DNS_STARTUP_KEYS';

interface StartupKey {
  keytype: Keytype;
  algorithm: number;
  /** PKCS #8, base64. */
  pkcs8: string;
}

/** The signing settings of the zones signed in standalone mode (`--dnssec`, `--nsec3`). */
export async function standaloneSettings(sources: DnssecSource[], env: NodeJS.ProcessEnv = process.env): Promise<Map<string, SigningSettings>> {
  const handed = env[STARTUP_KEYS_VARIABLE] ? (JSON.parse(env[STARTUP_KEYS_VARIABLE]) as Record<string, StartupKey[]>) : {};
  const settings = new Map<string, SigningSettings>();
  for (const source of sources) {
    let keys: Cryptokey[];
    if (source.keyDir) keys = await readBindKeys(source.name, source.keyDir);
    else if (handed[source.name]) {
      keys = handed[source.name]!.map((k) => importCryptokey({ keytype: k.keytype, algorithm: k.algorithm }, Buffer.from(k.pkcs8, 'base64')));
    } else keys = [generateCryptokey({ keytype: 'ksk' }), generateCryptokey({ keytype: 'zsk' })];
    settings.set(source.name, { keys, nsec3: source.nsec3 });
  }
  return settings;
}

/** The environment that hands the keys made at start to the workers. */
export function startupKeysEnvironment(sources: DnssecSource[], settings: Map<string, SigningSettings>): Record<string, string> {
  const made: Record<string, StartupKey[]> = {};
  for (const source of sources) {
    if (source.keyDir) continue;
    made[source.name] = settings.get(source.name)!.keys.map((k) => ({
      keytype: k.keytype,
      algorithm: k.algorithm,
      pkcs8: Buffer.from(exportPrivateKey(k)).toString('base64'),
    }));
  }
  return Object.keys(made).length > 0 ? { [STARTUP_KEYS_VARIABLE]: JSON.stringify(made) } : {};
}

/** The DS (SHA-256) of every active KSK, in presentation form, for the parent zone or a trust anchor. */
export function dsLines(settings: Map<string, SigningSettings>): string[] {
  return [...settings].flatMap(([zone, { keys }]) => keys.filter((k) => k.active && k.keytype === 'ksk').map((k) => dsRecord(zone, k.dnskey, 2).presentation));
}
