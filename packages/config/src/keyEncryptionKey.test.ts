import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './index';
import { keyEncryptionKeyFile, parseKeyEncryptionKey, resolveKeyEncryptionKey } from './keyEncryptionKey';

describe('the key-encryption key', () => {
  const key = new Uint8Array(32).map((_, index) => index * 7);

  it('reads KEY_ENCRYPTION_KEY as hex or base64 of 32 octets', () => {
    expect(parseKeyEncryptionKey(Buffer.from(key).toString('hex'))).toEqual(key);
    expect(parseKeyEncryptionKey(Buffer.from(key).toString('base64'))).toEqual(key);
    expect(parseKeyEncryptionKey('c2hvcnQ=')).toBeUndefined();
    expect(loadConfig({ KEY_ENCRYPTION_KEY: Buffer.from(key).toString('hex') }).keyEncryptionKey).toEqual(key);
  });

  it('uses the configured key and writes nothing', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'kek-')), 'data');
    expect(resolveKeyEncryptionKey({ keyEncryptionKey: key, dataDir })).toEqual(key);
    expect(() => statSync(keyEncryptionKeyFile(dataDir))).toThrow();
  });

  it('without one, generates a key once into DATA_DIR, readable by its owner only', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'kek-')), 'data');
    const first = resolveKeyEncryptionKey({ keyEncryptionKey: undefined, dataDir });
    expect(first).toHaveLength(32);
    expect(resolveKeyEncryptionKey({ keyEncryptionKey: undefined, dataDir })).toEqual(first);
    const file = keyEncryptionKeyFile(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(Buffer.from(first).toString('hex'));
  });
});
