import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { Link } from './link';
import { stopChild } from './stopChild';

/** What the link's process says: where it listens, then its counts each time they change. */
export type LinkReport = { port: number } | { connections: number; broken: number };
/** What it is told. */
export type LinkCommand = 'cut' | 'restore';

const child = fileURLToPath(new URL('./linkChild.ts', import.meta.url));

/**
 * `openLink` in a process of its own, as the network between locations is no part of the process
 * that drives a benchmark: a link forwarding every chunk on the event loop that also serves the
 * API and asks the DNS nodes would add that loop's waits to the delays it stands for. `cut` and
 * `restore` take effect a moment after they return (one message to the process); the counts are
 * the last the process reported.
 */
export async function openLinkProcess(target: { host: string; port: number }, options: { delayMs?: number } = {}): Promise<Link> {
  const process: ChildProcess = fork(child, [target.host, String(target.port), String(options.delayMs ?? 0)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const counts = { connections: 0, broken: 0 };
  const [first] = (await Promise.race([once(process, 'message'), once(process, 'exit').then(() => [undefined])])) as [LinkReport | undefined];
  if (!first || !('port' in first)) throw new Error('the link process did not start');
  process.on('message', (report: LinkReport) => {
    if ('connections' in report) Object.assign(counts, report);
  });
  const exited = once(process, 'exit');
  const tell = (command: LinkCommand) => process.connected && process.send(command);
  return {
    port: first.port,
    cut: () => tell('cut'),
    restore: () => tell('restore'),
    broken: () => counts.broken,
    connections: () => counts.connections,
    close: () => stopChild('the link process', process, exited),
  };
}
