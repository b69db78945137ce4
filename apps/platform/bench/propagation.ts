// `npm run bench:propagation [-- --nodes 8 --rate 100 --duration 60]`: DNS-only nodes (`npm run
// dns`, one process each, with its flags and a data directory of its own) on one PostgreSQL
// database while the API makes `rate` record changes per second over HTTP for `duration` seconds.
// For every change and every node: the delay from the API's response to the node answering the
// new record (each node is asked every 5 ms until it does, less often when thousands of answers
// are awaited); prints p50, p99 and max over all of them, and of the slowest node per change. The
// database is made on the PostgreSQL server at DATABASE_URL (the machine's by default) and dropped
// at the end.
import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createTestDatabase } from '@kaja/db/testing';
import { signUpOwner, startTestApi } from '@kaja/api/testing';
import { createZone, setPlan } from '@kaja/api/testing/zones';
import { query } from '@kaja/dns/testing/packets';
import { dnsNodeFlags } from '@kaja/dns/testing/nodeFlags';
import { freePort } from '@kaja/test-support/ports';
import { exitWithUsageOnHelp } from '@kaja/test-support/benchUsage';
import { percentile } from '../faults/changeTracker';

exitWithUsageOnHelp();

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '8' },
    rate: { type: 'string', default: '100' },
    duration: { type: 'string', default: '60' },
    zones: { type: 'string', default: '20' },
  },
});
const [nodeCount, rate, duration, zoneCount] = [values.nodes, values.rate, values.duration, values.zones].map(Number) as [number, number, number, number];
for (const [flag, value] of Object.entries({ nodes: nodeCount, rate, duration, zones: zoneCount })) {
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${flag} must be a positive whole number`);
}
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
// The server build, as `npm run dns` runs it (`npm run bench:*` makes it first).
const main = fileURLToPath(new URL('../../../dist/apps/dns/src/main.js', import.meta.url));
/**
 * How often a node not answering a change yet is asked again: every 5 ms, less often when many
 * answers are awaited, so the asking stays under about 4,000 queries a second and does not itself
 * load the nodes it measures.
 */
const pollMs = (awaited: number) => Math.max(5, awaited / 4);

interface Node {
  port: number;
  process: ChildProcess;
  output: string;
}

/** A change not yet answered by one node. */
interface Waiting {
  change: number;
  node: Node;
  packet: Buffer;
  answeredAt: number;
  sentAt: number;
}

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

const dataRoot = mkdtempSync(join(tmpdir(), 'kaja-propagation-'));
const database = await createTestDatabase(serverUrl);
const api = await startTestApi({ database, env: { LOG_LEVEL: 'silent' } });
const nodes: Node[] = [];
const socket = createSocket('udp4');
try {
  const owner = await signUpOwner(api);
  await setPlan(api, owner, 'scale');
  const zones = [];
  for (let i = 0; i < zoneCount; i++) zones.push(await createZone(api, owner));

  for (let i = 0; i < nodeCount; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, [...dnsNodeFlags, main, '--listen', `127.0.0.1:${port}`, '--workers', '1', '--node-name', `edge-${i + 1}`], {
      // A data directory each: every node keeps its own snapshot, as on its own machine.
      env: { ...process.env, DATABASE_URL: database.url!, DATA_DIR: mkdtempSync(join(dataRoot, `edge-${i + 1}-`)), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    const node: Node = { port, process: child, output: '' };
    child.stdout.on('data', (d) => (node.output += d));
    nodes.push(node);
  }
  for (const node of nodes) {
    const deadline = Date.now() + 180_000;
    while (!node.output.includes('dns: serving')) {
      if (node.process.exitCode !== null) throw new Error(`a node exited with code ${node.process.exitCode}`);
      if (Date.now() > deadline) throw new Error('a node did not start within 180 s');
      await sleep(100);
    }
  }
  log(`${nodeCount} DNS-only nodes serving ${zoneCount} zones; ${rate} changes per second for ${duration} s`);

  const waiting = new Map<number, Waiting>();
  const delays: number[] = [];
  const slowest = new Map<number, { left: number; max: number }>();
  let nextId = 0;
  socket.on('message', (reply) => {
    const entry = waiting.get(reply.readUInt16BE(0));
    // The same question, answered with a record: the node has the change.
    if (!entry || reply.length < entry.packet.length || !reply.subarray(12, entry.packet.length).equals(entry.packet.subarray(12))) return;
    if ((reply[3]! & 0x0f) !== 0 || reply.readUInt16BE(6) === 0) return;
    waiting.delete(reply.readUInt16BE(0));
    const delay = performance.now() - entry.answeredAt;
    delays.push(delay);
    const change = slowest.get(entry.change)!;
    change.max = Math.max(change.max, delay);
    change.left--;
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const poller = setInterval(() => {
    const now = performance.now();
    const interval = pollMs(waiting.size);
    for (const [id, entry] of waiting) {
      if (now - entry.sentAt < interval) continue;
      entry.sentAt = now;
      entry.packet.writeUInt16BE(id, 0);
      socket.send(entry.packet, entry.node.port, '127.0.0.1');
    }
  }, 1);

  const total = rate * duration;
  const failures: string[] = [];
  const started = performance.now();
  const requests: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    // Open loop: the i-th change is sent at its time, whether or not earlier ones were answered.
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const zone = zones[i % zones.length]!;
    const name = `change-${i}.${zone.name}`;
    requests.push(
      api.request('POST', `/zones/${zone.id}/records`, { token: owner.apiKey, body: { type: 'A', name, content: `192.0.2.${i % 250}` } }).then(
        (response) => {
          const answeredAt = performance.now();
          if (response.status !== 201) {
            failures.push(`${response.status}: ${JSON.stringify(response.body)}`);
            return;
          }
          slowest.set(i, { left: nodes.length, max: 0 });
          for (const node of nodes) {
            const id = nextId++ & 0xffff;
            waiting.set(id, { change: i, node, packet: query(name, 'A', id), answeredAt, sentAt: -Infinity });
          }
        },
        (error: Error) => void failures.push(`${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`),
      ),
    );
  }
  await Promise.all(requests);
  const sentFor = (performance.now() - started) / 1000;
  const deadline = performance.now() + 30_000;
  while (waiting.size > 0 && performance.now() < deadline) await sleep(20);
  clearInterval(poller);
  if (failures.length > 0) throw new Error(`${failures.length} changes failed, the first: ${failures[0]}`);
  if (waiting.size > 0) throw new Error(`${waiting.size} answers never showed their change within 30 s`);

  const sorted = [...delays].sort((a, b) => a - b);
  const perChange = [...slowest.values()].map((c) => c.max).sort((a, b) => a - b);
  console.log(
    `\n${total} changes through the API in ${sentFor.toFixed(1)} s (${(total / sentFor).toFixed(0)} per second), ${nodeCount} nodes on PostgreSQL (LISTEN)`,
  );
  console.log('Delay from the API response to the new answer   p50 ms   p99 ms   max ms');
  const row = (label: string, values: number[]) =>
    console.log(`${label.padEnd(48)}${[50, 99].map((p) => percentile(values, p).toFixed(1).padStart(7)).join('  ')}  ${values.at(-1)!.toFixed(1).padStart(7)}`);
  row(`every node, every change (${sorted.length})`, sorted);
  row(`the last node to answer, per change (${perChange.length})`, perChange);
} finally {
  socket.close();
  for (const node of nodes) {
    try {
      process.kill(-node.process.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  await Promise.all(nodes.map((node) => new Promise((resolve) => (node.process.exitCode === null ? node.process.once('exit', resolve) : resolve(null)))));
  await api.close();
  await database.close();
  rmSync(dataRoot, { recursive: true, force: true });
}
process.exit(0);
