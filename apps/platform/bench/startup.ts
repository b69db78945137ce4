// `npm run bench:startup [-- --runs N]`: the whole platform's start, from the server build as
// `npm start` runs it (with Node's compile cache) and from the TypeScript sources through tsx (what
// it ran before the build, and what tests run), on a fresh DATA_DIR (migrations, keys) and then
// again on the same one (warm): milliseconds to the first API answer and to the first DNS answer,
// and the processor time the process had used by then (every thread, and its main thread alone).
// The fresh start has empty caches (tsx's, Node's compile cache), as on a fresh clone. Knot DNS's
// start to its first answer, with one small zone, is printed beside it from the same run.
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@kaja/test-support/ports';
import { wholeNumberFlags } from '../../dns/bench/options';

const { runs } = wholeNumberFlags({ runs: 3 });
const root = fileURLToPath(new URL('../../../', import.meta.url));
/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const ticks = 100;

/** User and system processor time of a process (all threads) or of one thread, in seconds. */
function cpuSeconds(pid: number, thread?: number): number {
  const stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

/** One UDP query for `id.server CH TXT`, or for `name` SOA; resolves to whether any answer came back. */
function askDns(port: number, name?: string): Promise<boolean> {
  const labels = (name ?? 'id.server').split('.');
  const question = Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)])),
    Buffer.from([0, 0, name ? 6 : 16, 0, name ? 1 : 3]),
  ]);
  const query = Buffer.concat([Buffer.from([0x12, 0x34, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]), question]);
  return new Promise((resolve) => {
    const socket = createSocket('udp4');
    const done = (answered: boolean) => {
      clearTimeout(timer);
      socket.close();
      resolve(answered);
    };
    const timer = setTimeout(() => done(false), 100);
    socket.on('message', () => done(true));
    socket.on('error', () => done(false));
    socket.send(query, port, '127.0.0.1');
  });
}

async function askApi(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    (response) => response.ok,
    () => false,
  );
}

interface Started {
  apiMs: number;
  dnsMs: number;
  cpu: number;
  mainCpu: number;
}

/** Polls every 20 ms until both answered; the processor time is read at the later of the two. */
async function untilAnswered(child: ChildProcess, started: number, api: (() => Promise<boolean>) | undefined, dns: () => Promise<boolean>): Promise<Started> {
  let apiMs = api ? 0 : -1;
  let dnsMs = 0;
  const deadline = started + 300_000;
  while (apiMs === 0 || dnsMs === 0) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}) before it answered`);
    if (performance.now() > deadline) throw new Error('no answer within 300 s');
    const [apiUp, dnsUp] = await Promise.all([apiMs === 0 ? api!() : true, dnsMs === 0 ? dns() : true]);
    const now = performance.now() - started;
    if (apiMs === 0 && apiUp) apiMs = now;
    if (dnsMs === 0 && dnsUp) dnsMs = now;
    if (apiMs === 0 || dnsMs === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { apiMs, dnsMs, cpu: cpuSeconds(child.pid!), mainCpu: cpuSeconds(child.pid!, child.pid) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

const ways = {
  build: [join(root, 'dist/apps/platform/src/main.js')],
  sources: ['--import', 'tsx', join(root, 'apps/platform/src/main.ts')],
};

async function startPlatform(way: keyof typeof ways, dataDir: string, scratch: string): Promise<Started> {
  const [port, appPort, dnsPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ways[way], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_PORT: String(appPort),
      DNS_ADDR: '127.0.0.1',
      DNS_PORT: String(dnsPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      // tsx keeps its compiled modules under the temporary directory: a new one is a cold cache.
      TMPDIR: scratch,
      ...(way === 'build' ? { NODE_COMPILE_CACHE: join(scratch, 'compile-cache') } : {}),
    },
    stdio: 'ignore',
  });
  try {
    return await untilAnswered(
      child,
      performance.now(),
      () => askApi(`http://127.0.0.1:${port}/v1/health`),
      () => askDns(dnsPort),
    );
  } finally {
    await stop(child);
  }
}

async function startKnot(): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), 'kaja-startup-knot-'));
  const port = await freePort();
  writeFileSync(join(dir, 'example.zone'), '$ORIGIN example.\n$TTL 3600\n@ SOA ns1 hostmaster 1 7200 3600 1209600 300\n@ NS ns1\nns1 A 192.0.2.53\n');
  writeFileSync(
    join(dir, 'knot.conf'),
    `server:\n    listen: 127.0.0.1@${port}\n    rundir: ${dir}\n    background-workers: 1\n    udp-workers: 1\n    tcp-workers: 1\nlog:\n  - target: stderr\n    any: error\ndatabase:\n    storage: ${dir}\nzone:\n  - domain: example.\n    file: ${dir}/example.zone\n`,
  );
  const child = spawn('knotd', ['-c', join(dir, 'knot.conf')], { stdio: 'ignore' });
  try {
    return await untilAnswered(child, performance.now(), undefined, () => askDns(port, 'example'));
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows: { name: string; runs: Started[] }[] = [];
const add = (name: string, run: Started) => {
  const row = rows.find((r) => r.name === name) ?? rows[rows.push({ name, runs: [] }) - 1]!;
  row.runs.push(run);
};

console.log(`Platform start, ${runs} run(s) each; load average before: ${loadavg()[0]!.toFixed(2)}`);
for (let run = 0; run < runs; run++) {
  for (const way of ['build', 'sources'] as const) {
    const dataDir = mkdtempSync(join(tmpdir(), 'kaja-startup-data-'));
    const scratch = mkdtempSync(join(tmpdir(), 'kaja-startup-tmp-'));
    try {
      add(`${way}, fresh data dir`, await startPlatform(way, dataDir, scratch));
      add(`${way}, warm data dir`, await startPlatform(way, dataDir, scratch));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  add('Knot DNS (one small zone)', await startKnot());
}

const column = (text: string, width: number) => text.padStart(width);
console.log(`\n${'start'.padEnd(28)}${column('API answer', 12)}${column('DNS answer', 12)}${column('CPU s', 8)}${column('main s', 8)}`);
for (const { name, runs: measured } of rows) {
  const api = median(measured.map((m) => m.apiMs));
  console.log(
    `${name.padEnd(28)}${column(api < 0 ? '-' : `${Math.round(api)} ms`, 12)}${column(`${Math.round(median(measured.map((m) => m.dnsMs)))} ms`, 12)}${column(median(measured.map((m) => m.cpu)).toFixed(2), 8)}${column(median(measured.map((m) => m.mainCpu)).toFixed(2), 8)}`,
  );
}
console.log(
  `\nMedians. CPU s: the process's user and system time (every thread) when both had answered; main s: its main thread's. Load average after: ${loadavg()[0]!.toFixed(2)}`,
);
