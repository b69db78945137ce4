import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTreePrivate, privateDirectory, writePrivateFile } from './privateFiles';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('private files in DATA_DIR', () => {
  const saved = process.umask();
  afterEach(() => void process.umask(saved));

  it.each([0o000, 0o022, 0o277])('creates directories 0700 and files 0600 under umask %o', (umask) => {
    process.umask(umask);
    const root = mkdtempSync(join(tmpdir(), 'kaja-private-'));
    const directory = privateDirectory(join(root, 'data', 'outbox'));
    expect(modeOf(directory)).toBe(0o700);
    const file = join(directory, 'message.eml');
    writePrivateFile(file, 'To: someone\n');
    expect(modeOf(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe('To: someone\n');
  });

  it('makes an existing directory private again, and everything in it', () => {
    const root = mkdtempSync(join(tmpdir(), 'kaja-private-'));
    mkdirSync(join(root, 'nested'));
    writeFileSync(join(root, 'nested', 'old.eml'), 'x');
    chmodSync(join(root, 'nested', 'old.eml'), 0o644);
    chmodSync(join(root, 'nested'), 0o755);
    chmodSync(root, 0o755);
    expect(modeOf(privateDirectory(root))).toBe(0o700);
    makeTreePrivate(root);
    expect(modeOf(join(root, 'nested'))).toBe(0o700);
    expect(modeOf(join(root, 'nested', 'old.eml'))).toBe(0o600);
  });

  it('with exclusive, refuses to overwrite a file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kaja-private-')), 'lock');
    writePrivateFile(file, 'first', { exclusive: true });
    expect(() => writePrivateFile(file, 'second', { exclusive: true })).toThrow(/EEXIST/);
    expect(readFileSync(file, 'utf8')).toBe('first');
    // Written beside its place and linked there: nothing staged stays, whether the link took or not.
    expect(readdirSync(join(file, '..'))).toEqual(['lock']);
    expect(modeOf(file)).toBe(0o600);
  });
});
