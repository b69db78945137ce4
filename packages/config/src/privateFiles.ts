import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, fchmodSync, linkSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

// DATA_DIR holds the embedded database, the key-encryption key and the outbox (live verification and
// reset links): only the platform's own user may read it. Modes are set explicitly, whatever the umask.

/** Creates `path` (and missing parents) if needed and makes it 0700, also when it already existed. */
export function privateDirectory(path: string): string {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
  return path;
}

/** Makes every directory under `path` 0700 and every file 0600 (what an older version left readable). */
export function makeTreePrivate(path: string): void {
  chmodSync(path, 0o700);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) makeTreePrivate(child);
    else if (entry.isFile()) chmodSync(child, 0o600);
  }
}

/**
 * Writes a new file readable by its owner only; `exclusive` fails with EEXIST when it exists already,
 * and then the file appears whole: it is written beside its place and linked there, so that another
 * process or thread starting at the same moment reads all of it or finds none (created first and
 * written after, it was read empty once, and one whose writer died stayed empty).
 */
export function writePrivateFile(path: string, data: string | Uint8Array, { exclusive = false } = {}): void {
  if (!exclusive) return writeOwnerOnly(path, data, 'w');
  const staged = `${path}.${randomBytes(6).toString('hex')}.staged`;
  writeOwnerOnly(staged, data, 'wx');
  try {
    linkSync(staged, path);
  } finally {
    rmSync(staged, { force: true });
  }
}

function writeOwnerOnly(path: string, data: string | Uint8Array, flags: 'w' | 'wx'): void {
  const descriptor = openSync(path, flags, 0o600);
  try {
    fchmodSync(descriptor, 0o600);
    writeSync(descriptor, typeof data === 'string' ? Buffer.from(data) : data);
  } finally {
    closeSync(descriptor);
  }
}
