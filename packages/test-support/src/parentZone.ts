// A parent zone for delegation tests: Knot DNS serving `com.` on a loopback port, its delegations
// rewritten (and reloaded with knotc) between checks.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dig } from './dig';
import { startKnot } from './knot';

export interface ParentZone {
  port: number;
  /** The environment that points the platform's delegation checks at this parent. */
  env: { DELEGATION_RESOLVER: string; DELEGATION_PARENT_PORT: string };
  /** Replaces what the parent says about `zone` (NS and DS lines without the owner), and waits until it is served. */
  delegate(zone: string, lines: string[]): Promise<void>;
  /** Stops answering (SIGSTOP) until `resume`; resolves once every thread of the server is stopped. */
  pause(): Promise<void>;
  resume(): void;
  stop(): Promise<void>;
}

export async function startParentZone(): Promise<ParentZone> {
  const delegations = new Map<string, string[]>();
  let serial = 1;
  const zoneText = () =>
    [
      '$ORIGIN com.',
      '$TTL 60',
      `@ SOA ns.nic.com. hostmaster.nic.com. ${serial} 3600 600 86400 60`,
      '@ NS ns.nic.com.',
      'ns.nic.com. A 127.0.0.1',
      ...[...delegations.values()].flat(),
      '',
    ].join('\n');
  const knot = await startKnot(
    (dir) =>
      `template:\n  - id: default\n    storage: ${dir}\n    zonefile-sync: -1\n    journal-content: none\n` +
      `zone:\n  - domain: com.\n    file: ${join(dir, 'com.zone')}\n`,
    { 'com.zone': zoneText() },
  );

  const serves = async (expected: number) => {
    const end = Date.now() + 15_000;
    for (;;) {
      const answer = await dig(knot.port, 'com', 'SOA', { args: ['+norec'] }).catch(() => undefined);
      // `com. 60 IN SOA ns.nic.com. hostmaster.nic.com. SERIAL ...`
      if (answer?.answer.some((line) => line.split(' ')[6] === String(expected))) return;
      if (Date.now() > end) throw new Error(`Knot did not serve serial ${expected}; it said:\n${knot.log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await serves(serial).catch(async (error: unknown) => {
    await knot.stop();
    throw error;
  });

  return {
    port: knot.port,
    env: { DELEGATION_RESOLVER: `127.0.0.1:${knot.port}`, DELEGATION_PARENT_PORT: String(knot.port) },
    async delegate(zone, lines) {
      delegations.set(
        zone,
        lines.map((line) => `${zone}. ${line}`),
      );
      serial++;
      await writeFile(join(knot.dir, 'com.zone'), zoneText());
      await knot.control('zone-reload', 'com.');
      await serves(serial);
    },
    async pause() {
      process.kill(knot.pid, 'SIGSTOP');
      await stopped(knot.pid);
    },
    resume: () => process.kill(knot.pid, 'SIGCONT'),
    stop: () => knot.stop(),
  };
}

/**
 * Waits until every thread of `pid` is stopped. kill() only queues the signal: a busy machine
 * may let the server answer a few more questions before it stops, so a test that asks right
 * after pausing would see answers it did not expect.
 */
async function stopped(pid: number): Promise<void> {
  const end = Date.now() + 5000;
  for (;;) {
    const threads = await readdir(`/proc/${pid}/task`);
    // /proc/PID/task/TID/stat: "TID (comm) STATE ..."; T is stopped by a signal.
    const states = await Promise.all(threads.map(async (tid) => /\) (\S)/.exec(await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8'))?.[1]));
    if (states.every((state) => state === 'T')) return;
    if (Date.now() > end) throw new Error(`Knot (pid ${pid}) did not stop: thread states ${states.join(' ')}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
