import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { privateDirectory, writePrivateFile } from './privateFiles';

/** The key that seals (`current`) and the keys it replaces, which still open what they sealed. */
export interface KeyEncryptionKeys {
  current: Uint8Array;
  previous: Uint8Array[];
}

/** Reads a key-encryption key given as 64 hex digits or base64 of 32 octets; undefined when it is neither. */
export function parseKeyEncryptionKey(text: string): Uint8Array | undefined {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? new Uint8Array(bytes) : undefined;
}

/** Where a platform without KEY_ENCRYPTION_KEY keeps the key it generated on first start (and, mid-rotation, the previous ones). */
export const keyEncryptionKeyFile = (dataDir: string) => join(dataDir, 'key-encryption-key');

/** The keys in the file, current first: one per line, as 64 hex digits. */
function readKeyFile(file: string): Uint8Array[] {
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const keys = lines.map(parseKeyEncryptionKey);
  if (keys.length === 0 || keys.some((key) => !key)) throw new Error(`${file} does not hold key-encryption keys (64 hex digits a line)`);
  return keys as Uint8Array[];
}

/** Replaces the file in one step (written beside it, then renamed over it), so a crash leaves the old or the new. */
function writeKeyFile(file: string, keys: readonly Uint8Array[]): void {
  const next = `${file}.next`;
  writePrivateFile(next, keys.map((key) => `${Buffer.from(key).toString('hex')}\n`).join(''));
  renameSync(next, file);
}

/** What of the platform's settings (`Config`) the keys come from. */
type KeySettings = { keyEncryptionKey: Uint8Array | undefined; dataDir: string; previousKeyEncryptionKeys?: Uint8Array[] };

/**
 * The keys that seal and open DNSSEC private keys and TSIG secrets at rest: KEY_ENCRYPTION_KEY (with
 * KEY_ENCRYPTION_KEY_PREVIOUS while a rotation is under way), or else the keys in
 * `DATA_DIR/key-encryption-key`, where one is generated on first start (readable by its owner only).
 * Nodes that share a PostgreSQL database must share these keys, so set KEY_ENCRYPTION_KEY there.
 */
export function resolveKeyEncryptionKey(config: KeySettings): KeyEncryptionKeys {
  const configuredPrevious = config.previousKeyEncryptionKeys ?? [];
  if (config.keyEncryptionKey) return { current: config.keyEncryptionKey, previous: [...configuredPrevious] };
  const file = keyEncryptionKeyFile(config.dataDir);
  if (existsSync(file)) {
    const [current, ...previous] = readKeyFile(file);
    return { current: current!, previous: [...previous, ...configuredPrevious] };
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
  return { current: key, previous: [...configuredPrevious] };
}

/**
 * Starts rotating the key kept in DATA_DIR: a new key goes first in the file and the old ones stay
 * after it, so every value opens whether it was re-sealed yet or not. Only for a platform without
 * KEY_ENCRYPTION_KEY (with it, the operator sets the new key and the previous ones).
 */
export function beginKeyFileRotation(dataDir: string): KeyEncryptionKeys {
  const file = keyEncryptionKeyFile(dataDir);
  const previous = existsSync(file) ? readKeyFile(file) : [];
  const current = new Uint8Array(randomBytes(32));
  privateDirectory(dataDir);
  writeKeyFile(file, [current, ...previous]);
  return { current, previous };
}

/** Ends a rotation once everything is sealed under `current`: the file keeps that key alone. */
export function finishKeyFileRotation(dataDir: string, current: Uint8Array): void {
  writeKeyFile(keyEncryptionKeyFile(dataDir), [current]);
}
