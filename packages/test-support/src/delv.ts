import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { dsRecord, type Cryptokey } from '@kaja/dnssec';

const run = promisify(execFile);

/** A BIND trust-anchors file holding the DS (SHA-256) of the zone's KSK. */
export async function writeTrustAnchor(path: string, zone: string, ksk: Cryptokey): Promise<void> {
  const ds = dsRecord(zone, ksk.dnskey, 2);
  await writeDsTrustAnchor(path, zone, `${ds.keyTag} ${ds.algorithm} 2 ${ds.digest}`);
}

/** A BIND trust-anchors file holding one DS, given as its content (`<tag> <alg> <digest type> <digest>`). */
export async function writeDsTrustAnchor(path: string, zone: string, ds: string): Promise<void> {
  const [tag, algorithm, digestType, digest] = ds.split(' ');
  await writeFile(path, `trust-anchors {\n  ${zone}. static-ds ${tag} ${algorithm} ${digestType} "${digest}";\n};\n`);
}

/**
 * BIND's delv asking the server at 127.0.0.1 and validating from the trust anchor of `zone`; what
 * it printed (a failed validation is output too, not an error).
 */
export async function delv(port: number, anchors: string, zone: string, name: string, type: string, args: string[] = []): Promise<string> {
  const argv = ['@127.0.0.1', '-p', String(port), '-a', anchors, `+root=${zone}`, '+nortrace', ...args, name, type];
  try {
    const { stdout, stderr } = await run('delv', argv, { timeout: 30_000 });
    return stdout + stderr;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}`;
  }
}
