// Worker threads of a real node (`npm run dns --workers 2`) ended by an uncaught error, as a bug
// would end them: the other, then the lead before the first replacement could have loaded the
// server's code. The node answers throughout, from every source port.
import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { dnsNodeFlags } from './testing/nodeFlags';
import { query } from './testing/packets';
import { freePort } from '@kaja/test-support/ports';
import { crashWorker } from './testing/workerFault';
import { builtProgram } from '@kaja/test-support/programs';

const main = builtProgram(new URL('./main.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'kaja-dns-worker-death-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The UDP sockets process `pid` has bound to `port` on 127.0.0.1, from the kernel's table (hex
 * address:port, and each socket's inode, which the process's descriptors name). Another test's
 * server may share the port (each sets SO_REUSEPORT, and a port the system offered as free to two
 * test processes is bound by both): its sockets are not this node's.
 */
function udpSocketsOn(port: number, pid: number): number {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const own = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]];
      } catch {
        return []; // closed since it was listed
      }
    }),
  );
  return readFileSync('/proc/net/udp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1] === local && own.has(fields[9])).length;
}

/** Whether one query from a new socket on `address` (a /24 of its own, for rate limiting) is answered within a second. */
async function askFrom(address: string, port: number): Promise<boolean> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, address, resolve));
  try {
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 1000);
      socket.once('message', () => {
        clearTimeout(timer);
        resolve(true);
      });
      socket.send(query('www.example.com', 'A'), port, '127.0.0.1');
    });
  } finally {
    socket.close();
  }
}

/**
 * Asks every 50 ms from one of 16 sockets in turn, each in a /24 of its own (rate limiting counts
 * them apart) and each a flow the kernel hashes to a worker of its own choosing.
 */
async function probe(port: number) {
  const sockets: Socket[] = [];
  const asked = new Map<number, number>();
  const lost: number[] = [];
  let sent = 0;
  for (let i = 0; i < 16; i++) {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, `127.0.${10 + i}.1`, resolve));
    socket.on('message', (message) => {
      const at = asked.get(message.readUInt16BE(0));
      asked.delete(message.readUInt16BE(0));
      if (at !== undefined && performance.now() - at > 1000) lost.push(at);
    });
    sockets.push(socket);
  }
  const timer = setInterval(() => {
    const id = ++sent & 0xffff;
    asked.set(id, performance.now());
    sockets[sent % sockets.length]!.send(query('www.example.com', 'A', id), port, '127.0.0.1');
  }, 50);
  return {
    async stop() {
      clearInterval(timer);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      lost.push(...asked.values());
      for (const socket of sockets) socket.close();
      return { sent, lost: lost.length };
    },
  };
}

it('answers while the other worker and then the lead end, and every replacement serves', async () => {
  writeFileSync(join(dir, 'example.com.zone'), '$TTL 300\n@ SOA ns1 hostmaster 7 7200 3600 1209600 60\n@ NS ns1\nns1 A 192.0.2.1\nwww A 192.0.2.80\n');
  const [port, inspector] = [await freePort(), await freePort()];
  const { DATABASE_URL: _, ...env } = process.env;
  const args = ['--listen', `127.0.0.1:${port}`, '--zone', `example.com=${join(dir, 'example.com.zone')}`, '--workers', '2'];
  const child: ChildProcess = spawn(process.execPath, [...dnsNodeFlags, `--inspect=127.0.0.1:${inspector}`, main, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (data) => (output += data));
  child.stderr!.on('data', (data) => (output += data));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const count = (pattern: RegExp) => output.match(pattern)?.length ?? 0;
  try {
    await until(() => output.includes('with 2 workers'), 'the node to serve');
    expect(udpSocketsOn(port, child.pid!)).toBe(2);
    const running = await probe(port);
    // The spare, started once the node serves, loads the code meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await crashWorker(inspector, 'other');
    await until(() => count(/ended \(1\); starting another/g) === 1, 'the other worker to end');
    // At once: the first replacement cannot have loaded the server's code in a new thread by now.
    await crashWorker(inspector, 'lead');
    await until(() => count(/serves in place of/g) === 2, 'both replacements to serve', 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { sent, lost } = await running.stop();
    // Only what was queued on a dying worker's socket is lost: at 20 queries a second, a few.
    expect(lost, `${lost} of ${sent} queries unanswered within 1 s\n${output}`).toBeLessThanOrEqual(8);

    // No socket of the ended workers is left among those sharing the port; every flow is answered.
    expect(udpSocketsOn(port, child.pid!)).toBe(2);
    for (let i = 0; i < 64; i++) expect(await askFrom(`127.0.${100 + i}.1`, port), `from 127.0.${100 + i}.1`).toBe(true);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}, 120_000);
