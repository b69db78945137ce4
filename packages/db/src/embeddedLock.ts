import { readFileSync, statSync, unlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writePrivateFile } from '@kaja/config';

/**
 * PGlite is one process's database: a second process writing the same directory loses data silently.
 * So whoever opens the embedded database first holds `DATA_DIR/pglite.lock` (its pid), and everyone
 * else is refused until it closes or dies.
 */
export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
  constructor(
    readonly lockFile: string,
    readonly holderPid: number | null,
  ) {
    super(
      `The embedded database in ${join(lockFile, '..')} is in use by ${holderPid ? `process ${holderPid}` : 'another process'}; stop it first (or, if no Kaja DNS process runs there, remove ${lockFile}).`,
    );
  }
}

export const embeddedLockFile = (dataDir: string) => join(dataDir, 'pglite.lock');

/** Lock files this process holds: a lock with our own pid that is not among them was left by an earlier process with the same pid (a restarted container). */
const heldHere = new Set<string>();

/** Takes the lock of the embedded database in `dataDir`; returns its release. Throws DatabaseLockedError when held. */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = resolve(embeddedLockFile(dataDir));
  for (let takeovers = 0; ;) {
    try {
      writePrivateFile(file, `${process.pid}\n`, { exclusive: true });
      heldHere.add(file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    const modified = modifiedAt(file);
    if (modified === null) continue; // released meanwhile
    // Without a pid the holder is still writing it, unless the file is old (it died right then).
    const alive = holder === null ? Date.now() - modified < 10_000 : holder === process.pid ? heldHere.has(file) : isRunning(holder);
    if (alive || takeovers++ > 0) throw new DatabaseLockedError(file, holder);
    // Left behind by a process that died (kill -9, power loss): take it over, once.
    unlinkSync(file);
  }
  return () => {
    if (!heldHere.delete(file)) return;
    if (readHolder(file) === process.pid) unlinkSync(file);
  };
}

function modifiedAt(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function readHolder(file: string): number | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
