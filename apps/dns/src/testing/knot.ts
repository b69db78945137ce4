import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dig } from './dig';
import { freePort } from './ports';

export interface KnotServer {
  port: number;
  /** What knotd printed so far. */
  log(): string;
  close(): Promise<void>;
}

/**
 * Knot DNS (`knotd`) serving zone-file texts (zone name -> text) as their primary, on 127.0.0.1
 * and a free port, from a temporary directory: the reference our answers are compared with. The
 * test that starts it closes it.
 */
export async function startKnot(zones: Record<string, string>): Promise<KnotServer> {
  const dir = mkdtempSync(join(tmpdir(), 'kaja-knot-'));
  const port = await freePort();
  let log = '';
  const zoneConfig = Object.entries(zones).map(([name, text]) => {
    writeFileSync(join(dir, `${name}.zone`), text);
    return `  - domain: ${name}.\n    file: ${join(dir, `${name}.zone`)}\n`;
  });
  writeFileSync(
    join(dir, 'knot.conf'),
    `server:\n    listen: 127.0.0.1@${port}\n    rundir: ${dir}\nlog:\n  - target: stderr\n    any: warning\ndatabase:\n    storage: ${dir}\ntemplate:\n  - id: default\n    storage: ${dir}\n    zonefile-sync: -1\n    journal-content: none\nzone:\n${zoneConfig.join('')}`,
  );
  const child: ChildProcess = spawn('knotd', ['-c', join(dir, 'knot.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // Ready when it answers every zone's SOA with authority.
  const deadline = Date.now() + 20_000;
  for (const name of Object.keys(zones)) {
    for (;;) {
      const answer = await dig(port, name, 'SOA', { args: ['+norec'] }).catch(() => undefined);
      if (answer?.rcode === 'NOERROR' && answer.flags.includes('aa')) break;
      if (Date.now() > deadline || child.exitCode !== null) {
        await close();
        throw new Error(`knotd did not serve ${name}:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { port, log: () => log, close };
}
