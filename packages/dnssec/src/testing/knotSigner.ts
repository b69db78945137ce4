import { execFile } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface KnotSigning {
  zone: string;
  /** The unsigned zone file. */
  input: string;
  /** A directory of Knot's own: its configuration, key store and the signed zone file. */
  dir: string;
  /** Where the BIND key files to sign with are (`writeBindKeys`). */
  keyDir: string;
  /** NSEC3 with RFC 9276 parameters (no salt, no extra iterations, no opt-out) instead of NSEC. */
  nsec3: boolean;
  /** Knot's signing-threads. */
  threads: number;
}

/**
 * Imports the BIND key files of `keyDir` into a new Knot key store under a manual policy (Knot makes
 * and rolls none of its own), so that Knot's kzonesign signs with exactly the keys another signer
 * used. Answers the command that signs the zone file: kzonesign, Knot's file-to-file signer (it
 * reads the zone file, signs it and writes the signed zone to `output`, in `dir/signed`).
 */
export async function prepareKnotSigning(options: KnotSigning): Promise<{ command: string; args: string[]; output: string }> {
  const signed = join(options.dir, 'signed');
  await mkdir(join(options.dir, 'keys'), { recursive: true });
  await mkdir(signed, { recursive: true });
  const conf = join(options.dir, 'knot.conf');
  await writeFile(
    conf,
    `server:\n    rundir: ${options.dir}\ndatabase:\n    storage: ${join(options.dir, 'keys')}\n` +
      `policy:\n  - id: signing\n    manual: on\n    signing-threads: ${options.threads}\n` +
      (options.nsec3 ? '    nsec3: on\n    nsec3-iterations: 0\n    nsec3-salt-length: 0\n    nsec3-opt-out: off\n' : '    nsec3: off\n') +
      `zone:\n  - domain: ${options.zone}.\n    storage: ${options.dir}\n    file: ${options.input}\n` +
      '    dnssec-signing: on\n    dnssec-policy: signing\n    zonefile-load: whole\n    journal-content: none\n',
  );
  for (const file of (await readdir(options.keyDir)).filter((name) => name.endsWith('.private')))
    await run('keymgr', ['-c', conf, `${options.zone}.`, 'import-bind', join(options.keyDir, file)], { timeout: 20_000 });
  return { command: 'kzonesign', args: ['-c', conf, '-o', signed, `${options.zone}.`], output: join(signed, basename(options.input)) };
}

/** Signs as `prepareKnotSigning` set up: one run of kzonesign. */
export async function knotSignZone(signing: { command: string; args: string[] }): Promise<void> {
  await run(signing.command, signing.args, { maxBuffer: 16 * 1024 * 1024 });
}
