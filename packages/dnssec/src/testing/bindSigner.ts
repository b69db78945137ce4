import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { bindKeyFile } from '../bindKeyFiles';
import type { Cryptokey } from '../keys';

const run = promisify(execFile);

export interface BindSigning {
  zone: string;
  /** The unsigned zone file. */
  input: string;
  /** Where the signed zone file goes. */
  output: string;
  /** Where the key files are (`writeBindKeys`) and the DS set is written. */
  dir: string;
  /** NSEC3 with RFC 9276 parameters (no salt, no extra iterations) instead of NSEC. */
  nsec3: boolean;
  /** dnssec-signzone's -n: its signing threads. */
  threads: number;
}

/** Writes the keys as BIND key files into `dir`, published and active since a day ago. */
export async function writeBindKeys(zone: string, keys: readonly Cryptokey[], dir: string): Promise<void> {
  for (const key of keys) {
    const file = bindKeyFile(zone, key, new Date(Date.now() - 86_400_000));
    await writeFile(join(dir, `${file.base}.key`), file.key);
    await writeFile(join(dir, `${file.base}.private`), file.private, { mode: 0o600 });
  }
}

/**
 * Signs a zone file with BIND's dnssec-signzone and the key files in `dir` (smart signing, -S,
 * which publishes their DNSKEYs as our signer does), signing as ours does: the KSK signs the key
 * set only (-x), the ZSK everything else, and the signed zone is not verified again after
 * signing (-P), which ours does not do either.
 */
export async function bindSignZone(options: BindSigning): Promise<void> {
  const args = [
    '-q',
    '-S',
    '-P',
    '-x',
    '-O',
    'full',
    '-n',
    String(options.threads),
    '-d',
    options.dir,
    '-K',
    options.dir,
    '-o',
    options.zone,
    '-f',
    options.output,
  ];
  if (options.nsec3) args.push('-3', '-', '-H', '0');
  await run('dnssec-signzone', [...args, options.input], { maxBuffer: 16 * 1024 * 1024 });
}
