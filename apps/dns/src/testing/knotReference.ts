import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { bindKeyFile } from '@kaja/dnssec';
import { dig } from '@kaja/test-support/dig';
import { startKnot, type KnotServer } from '@kaja/test-support/knot';
import type { SigningSettings } from '../keySource';
import { KEY_TTL } from '../publishedKeys';

const run = promisify(execFile);

/**
 * Knot DNS serving zone-file texts (zone name -> text) as their primary: the reference our answers
 * are compared with. A zone given `signing` settings is signed by Knot with exactly those keys
 * (imported as BIND key files into its key store, under a manual policy so it makes and rolls
 * none of its own) and that denial (NSEC3 with RFC 9276 parameters: no salt, no extra
 * iterations, no opt-out). Ready when it answers every zone's SOA with authority.
 */
export async function serveWithKnot(zones: Record<string, string>, signing: Record<string, SigningSettings> = {}): Promise<KnotServer> {
  const files: Record<string, string> = Object.fromEntries(Object.entries(zones).map(([name, text]) => [`${name}.zone`, text]));
  const keyFiles: string[][] = [];
  for (const [zone, settings] of Object.entries(signing)) {
    for (const key of settings.keys) {
      // Active since a day ago, so Knot signs with the key at once.
      const file = bindKeyFile(zone, key, new Date(Date.now() - 86_400_000));
      files[`${file.base}.key`] = file.key;
      files[`${file.base}.private`] = file.private;
      keyFiles.push([zone, file.base]);
    }
  }
  const policy = (nsec3: boolean) =>
    `  - id: ${nsec3 ? 'nsec3' : 'nsec'}\n    manual: on\n    dnskey-ttl: ${KEY_TTL}\n    cds-cdnskey-publish: always\n    cds-digest-type: sha256\n` +
    (nsec3 ? '    nsec3: on\n    nsec3-iterations: 0\n    nsec3-salt-length: 0\n    nsec3-opt-out: off\n' : '');
  const knot = await startKnot(
    (dir) =>
      `policy:\n${policy(false)}${policy(true)}` +
      `template:\n  - id: default\n    storage: ${dir}\n    zonefile-sync: -1\n    journal-content: none\nzone:\n` +
      Object.keys(zones)
        .map((name) => {
          const settings = signing[name];
          const signed = settings ? `    dnssec-signing: on\n    dnssec-policy: ${settings.nsec3 ? 'nsec3' : 'nsec'}\n` : '';
          return `  - domain: ${name}.\n    file: ${join(dir, `${name}.zone`)}\n${signed}`;
        })
        .join(''),
    files,
    {
      beforeStart: async (conf) => {
        for (const [zone, base] of keyFiles)
          await run('keymgr', ['-c', conf, `${zone}.`, 'import-bind', join(dirname(conf), `${base}.private`)], { timeout: 20_000 });
      },
    },
  );
  const deadline = Date.now() + 20_000;
  for (const name of Object.keys(zones)) {
    for (;;) {
      const answer = await dig(knot.port, name, 'SOA', { args: ['+norec'] }).catch(() => undefined);
      if (answer?.rcode === 'NOERROR' && answer.flags.includes('aa')) break;
      if (Date.now() > deadline) {
        await knot.stop();
        throw new Error(`knotd did not serve ${name}:\n${knot.log()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return knot;
}
