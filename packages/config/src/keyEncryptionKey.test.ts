import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './index';
import { beginKeyFileRotation, finishKeyFileRotation, keyEncryptionKeyFile, parseKeyEncryptionKey, resolveKeyEncryptionKey } from './keyEncryptionKey';

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
    expect(resolveKeyEncryptionKey({ keyEncryptionKey: key, dataDir })).toEqual({ current: key, previous: [] });
    expect(() => statSync(keyEncryptionKeyFile(dataDir))).toThrow();
  });

  it('without one, generates a key once into DATA_DIR, readable by its owner only', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'kek-')), 'data');
    const { current: first, previous } = resolveKeyEncryptionKey({ keyEncryptionKey: undefined, dataDir });
    expect(first).toHaveLength(32);
    expect(previous).toEqual([]);
    expect(resolveKeyEncryptionKey({ keyEncryptionKey: undefined, dataDir }).current).toEqual(first);
    const file = keyEncryptionKeyFile(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(Buffer.from(first).toString('hex'));
  });

  it('takes the keys KEY_ENCRYPTION_KEY replaced from KEY_ENCRYPTION_KEY_PREVIOUS, and never prints them', () => {
    const older = new Uint8Array(32).fill(1);
    const old = new Uint8Array(32).fill(2);
    const config = loadConfig({
      KEY_ENCRYPTION_KEY: Buffer.from(key).toString('hex'),
      KEY_ENCRYPTION_KEY_PREVIOUS: `${Buffer.from(old).toString('hex')}, ${Buffer.from(older).toString('base64')}`,
    });
    expect(resolveKeyEncryptionKey(config)).toEqual({ current: key, previous: [old, older] });
    expect(loadConfig({}).previousKeyEncryptionKeys).toEqual([]);
    const short = 'c2VjcmV0LWJ1dC1zaG9ydA==';
    expect(() => loadConfig({ KEY_ENCRYPTION_KEY_PREVIOUS: short })).toThrow(/KEY_ENCRYPTION_KEY_PREVIOUS .*value not shown/);
    expect(() => loadConfig({ KEY_ENCRYPTION_KEY_PREVIOUS: short })).not.toThrow(short);
  });

  it('rotates the key kept in DATA_DIR: the new key first with the old after it, then the new key alone', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'kek-')), 'data');
    const { current: old } = resolveKeyEncryptionKey({ keyEncryptionKey: undefined, dataDir });
    const during = beginKeyFileRotation(dataDir);
    expect(during.previous).toEqual([old]);
    expect(during.current).not.toEqual(old);
    // Another process reading the file now (a restart mid-rotation) opens both.
    expect(resolveKeyEncryptionKey({ keyEncryptionKey: undefined, dataDir })).toEqual(during);
    expect(statSync(keyEncryptionKeyFile(dataDir)).mode & 0o777).toBe(0o600);
    finishKeyFileRotation(dataDir, during.current);
    expect(resolveKeyEncryptionKey({ keyEncryptionKey: undefined, dataDir })).toEqual({ current: during.current, previous: [] });
    expect(readFileSync(keyEncryptionKeyFile(dataDir), 'utf8')).toBe(`${Buffer.from(during.current).toString('hex')}\n`);
  });

  it('refuses a key file that holds anything but keys', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kek-'));
    writeFileSync(keyEncryptionKeyFile(dataDir), 'not a key\n');
    expect(() => resolveKeyEncryptionKey({ keyEncryptionKey: undefined, dataDir })).toThrow(/does not hold key-encryption keys/);
  });
});
