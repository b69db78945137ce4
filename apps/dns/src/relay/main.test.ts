// `npm run relay` as an operator starts it: refuses to start without a token, and on a PostgreSQL
// server of the test's own greets a node that presents the token with the primary's WAL
// position, passes a notification on, and stops on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { openDatabase } from '@kaja/db';
import { sql } from '@kaja/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLsn } from '../database/replicaPosition';
import { expectPromtoolAccepts } from '../testing/metrics';
import { freePort } from '@kaja/test-support/ports';
import { startPostgres, type TestPostgres } from '@kaja/test-support/postgres';
import { builtProgram, compileCache } from '@kaja/test-support/programs';

const main = builtProgram(new URL('./main.ts', import.meta.url));
const token = 'relay-main-token-0123456789';

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startPostgres();
});
afterAll(async () => {
  await postgres?.close();
});

function startRelayProcess(env: Record<string, string>, args: string[] = []): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [main, ...args], {
    env: { PATH: process.env.PATH ?? '', ...compileCache, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Lines the relay sends a connection that presented `presented`, until `count` arrived. */
async function linesFrom(port: number, presented: string, count: number, whileConnected?: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const socket = connect({ host: '127.0.0.1', port });
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  socket.write(`${JSON.stringify({ token: presented })}\n`);
  await expect.poll(() => text.split('\n').length > 1, { timeout: 5000, interval: 10 }).toBe(true);
  await whileConnected?.();
  await expect.poll(() => text.split('\n').filter(Boolean).length, { timeout: 5000, interval: 10 }).toBeGreaterThanOrEqual(count);
  socket.destroy();
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('npm run relay', () => {
  it('stops with one line without RELAY_TOKEN', async () => {
    const relay = startRelayProcess({ DATABASE_URL: postgres.url });
    expect(await relay.exited).toBe(2);
    expect(relay.output()).toBe('relay: set RELAY_TOKEN to the token the nodes present, of 16 characters or more\n');
  });

  it(
    'greets a node with the WAL position, passes notifications on with the next sequence number, counts them, and stops on SIGTERM',
    { timeout: 60_000 },
    async () => {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const relay = startRelayProcess({ DATABASE_URL: postgres.url, RELAY_TOKEN: token }, [
        '--listen',
        `127.0.0.1:${port}`,
        '--metrics',
        `127.0.0.1:${metricsPort}`,
      ]);
      const metrics = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      try {
        await expect
          .poll(() => relay.output(), { timeout: 30_000, interval: 50 })
          .toContain(`relay: passing zone changes on 127.0.0.1:${port}, metrics on http://127.0.0.1:${metricsPort}/metrics`);
        // No node yet: the relay holds no connection to the primary.
        expect(await metrics()).toMatch(/^kaja_relay_listening 0$/m);
        expect(await linesFrom(port, 'wrong-token-0123456789', 1)).toEqual([{ type: 'refused' }]);

        const notice = { zone_id: '00000000-0000-0000-0000-000000000001', zone: 'example.com.', serial: 2, status: 'active' };
        const api = await openDatabase({ databaseUrl: postgres.url, dataDir: '', migrate: false, poolSize: 1 });
        const lines = await linesFrom(port, token, 3, async () => {
          await api.db.execute(sql`SELECT pg_notify('zone_changes', ${JSON.stringify(notice)})`);
        }).finally(() => api.close());
        expect(lines[0]).toMatchObject({ type: 'hello', seq: 0, lsn: expect.stringMatching(/^[0-9A-F]+\/[0-9A-F]+$/) });
        // The notice as it came, then its position: read after the notification arrived, at or past the hello's.
        expect(lines[1]).toEqual({ type: 'notice', seq: 1, notice });
        expect(lines[2]).toMatchObject({ type: 'position', seq: 1 });
        expect(parseLsn(lines[2]!.lsn as string)! >= parseLsn(lines[0]!.lsn as string)!).toBe(true);
        const figures = await metrics();
        expectPromtoolAccepts(figures);
        // The node has gone; the LISTEN is kept a while for it to come back.
        expect(figures).toMatch(/^kaja_relay_listening 1$/m);
        expect(figures).toMatch(/^kaja_relay_notices_total 1$/m);
        expect(figures).toMatch(/^kaja_relay_messages_sent_total 1$/m);
        expect(figures).toMatch(/^kaja_relay_resets_total 0$/m);
      } finally {
        relay.child.kill('SIGTERM');
        expect(await relay.exited).toBe(0);
        expect(relay.output()).toContain('relay: stopping (SIGTERM)');
      }
    },
  );
});
