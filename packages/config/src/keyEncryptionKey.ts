import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './index';
import { privateDirectory, writePrivateFile } from './privateFiles';

/** Reads a key-encryption key given as 64 hex digits or base64 of 32 octets; undefined when it is neither. */
export function parseKeyEncryptionKey(text: string): Uint8Array | undefined {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? new Uint8Array(bytes) : undefined;
}

/** Where a platform without KEY_ENCRYPTION_KEY keeps the key it generated on first start. */
export const keyEncryptionKeyFile = (dataDir: string) => join(dataDir, 'key-encryption-key');

/**
 * The key that seals DNSSEC private keys and TSIG secrets at rest: KEY_ENCRYPTION_KEY, or else
 * one generated once into `DATA_DIR/key-encryption-key` (readable by its owner only). Nodes that
 * share a PostgreSQL database must share this key, so set KEY_ENCRYPTION_KEY there.
 */
export function resolveKeyEncryptionKey(config: Pick<Config, 'keyEncryptionKey' | 'dataDir'>): Uint8Array {
  if (config.keyEncryptionKey) return config.keyEncryptionKey;
  const file = keyEncryptionKeyFile(config.dataDir);
  if (existsSync(file)) {
    const key = parseKeyEncryptionKey(readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a key-encryption key (64 hex digits)`);
    return key;
  }
  privateDirectory(config.dataDir);
  const key = new Uint8Array(randomBytes(32));
  // 'wx': two processes starting at once must not both write a key; the loser reads the winner's.
  try {
    writePrivateFile(file, `${Buffer.from(key).toString('hex')}\n`, { exclusive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return resolveKeyEncryptionKey(config);
    throw error;
  }
  return key;
}
