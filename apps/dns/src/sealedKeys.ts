import type { KeyEncryptionKeys } from '@kaja/config';
import { decryptPrivateKey, importCryptokey } from '@kaja/dnssec';
import type { SigningSettings } from './keySource';

/** A `cryptokeys` row as stored: the private key still sealed under the key-encryption key. */
export interface SealedCryptokey {
  id: string;
  keytype: 'ksk' | 'zsk';
  algorithm: 'ECDSAP256SHA256' | 'ED25519' | 'RSASHA256';
  active: boolean;
  keyTag: number;
  publicKey: string;
  /** PKCS #8 sealed by `encryptPrivateKey` with the row's id as context, base64. */
  privateKey: string;
}

/**
 * A zone's keys as the database holds them, with its denial (NSEC or NSEC3): what a node reads,
 * keeps in its snapshot and hands from its lead worker to the others.
 */
export interface SealedKeys {
  nsec3: boolean;
  keys: SealedCryptokey[];
}

/**
 * Opens a zone's sealed keys with the key-encryption key (`resolveKeyEncryptionKey` of
 * @kaja/config) and each row's id. Throws when a key cannot be opened or does not match its row.
 */
export function openSealedKeys(zone: string, sealed: SealedKeys, keyEncryptionKey: KeyEncryptionKeys): SigningSettings {
  const keys = sealed.keys.map((r) => {
    const pkcs8 = decryptPrivateKey(Buffer.from(r.privateKey, 'base64'), keyEncryptionKey, r.id);
    const key = importCryptokey({ keytype: r.keytype, algorithm: r.algorithm, active: r.active }, pkcs8);
    // A row whose columns disagree with its private key would publish one key and sign with another.
    if (key.keyTag !== r.keyTag || Buffer.from(key.dnskey.subarray(4)).toString('base64') !== r.publicKey) {
      throw new Error(`the cryptokey ${r.id} of ${zone} does not match its private key`);
    }
    return key;
  });
  return { keys, nsec3: sealed.nsec3 };
}
