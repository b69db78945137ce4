// The process of one `openLinkProcess` link: `node --import tsx linkChild.ts HOST PORT DELAY_MS`,
// forked with an IPC channel. It reports its port, then its counts whenever they change, and takes
// `cut` and `restore`; it ends on SIGTERM or when its parent goes.
import type { LinkCommand, LinkReport } from './linkProcess';
import { openLink } from './link';

const [host, port, delayMs] = process.argv.slice(2);
const link = await openLink({ host: host!, port: Number(port) }, { delayMs: Number(delayMs) });
const report = (message: LinkReport) => process.send?.(message);
let last = '';
const timer = setInterval(() => {
  const counts = { connections: link.connections(), broken: link.broken() };
  const text = JSON.stringify(counts);
  if (text !== last) report(counts);
  last = text;
}, 20);
process.on('message', (command: LinkCommand) => (command === 'cut' ? link.cut() : link.restore()));
const stop = () => {
  clearInterval(timer);
  void link.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('disconnect', stop);
report({ port: link.port });
