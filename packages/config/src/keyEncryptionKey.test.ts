import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

  it('made by processes starting at once on a new DATA_DIR, is one key that each of them reads whole', { timeout: 90_000 }, async () => {
    // As a DNS node's worker threads start: each resolves the key at the same moment. A key file
    // created and then written was read empty by some of them between the two steps.
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const module = new URL('./keyEncryptionKey.ts', import.meta.url).href;
    for (let round = 0; round < 4; round++) {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'kek-')), 'data');
      const at = Date.now() + 3000;
      const code = `const { resolveKeyEncryptionKey } = await import(${JSON.stringify(module)});
          while (Date.now() < ${at});
          try { console.log(Buffer.from(resolveKeyEncryptionKey({ keyEncryptionKey: undefined, dataDir: ${JSON.stringify(dataDir)} }).current).toString('hex')); }
          catch (error) { console.log(error.message); }`;
      const keys = await Promise.all(
        Array.from(
          { length: 8 },
          () =>
            new Promise<string>((resolve, reject) => {
              const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
                cwd: root,
                stdio: ['ignore', 'pipe', 'inherit'],
              });
              let out = '';
              child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
              child.once('error', reject);
              child.once('close', () => resolve(out.trim()));
            }),
        ),
      );
      expect(new Set(keys), `round ${round}`).toEqual(new Set([readFileSync(keyEncryptionKeyFile(dataDir), 'utf8').trim()]));
      expect(readdirSync(dataDir)).toEqual(['key-encryption-key']);
    }
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
