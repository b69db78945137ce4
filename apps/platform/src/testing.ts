// Helpers for tests that run the platform as `npm start` does: a child process on loopback ports.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeMessage } from '@kaja/api/testing';
import { openDatabase, type DatabaseHandle } from '@kaja/db';
import { createTestDatabase, seedEmbeddedDatabase } from '@kaja/db/testing';
import { freePort } from '@kaja/test-support/ports';
import { builtProgram, compileCache } from '@kaja/test-support/programs';

const main = new URL('./main.ts', import.meta.url).pathname;

export interface RunningPlatform {
  /** Everything it printed so far. */
  output(): string;
  pid: number;
  /** Sends the signal (SIGTERM unless told otherwise) and gives the exit code (null after SIGKILL). */
  stop(signal?: 'SIGTERM' | 'SIGINT' | 'SIGKILL'): Promise<number | null>;
}

/**
 * Starts the platform with `env` and resolves once it prints that it is running. Ports `env` leaves
 * out are free ones, not the defaults, which another test file running at the same time may hold.
 */
export async function startPlatform(env: Record<string, string>): Promise<RunningPlatform> {
  const ports = { PORT: String(await freePort()), APP_PORT: String(await freePort()), DNS_PORT: String(await freePort()) };
  const child = spawn(process.execPath, [builtProgram(main)], {
    env: { ...process.env, ...compileCache, ...ports, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const platform = {
    pid: child.pid!,
    output: () => output,
    async stop(signal: 'SIGTERM' | 'SIGINT' | 'SIGKILL' = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
  try {
    await until(() => output.includes('Kaja DNS is running') || child.exitCode !== null, 120_000);
    if (!output.includes('Kaja DNS is running')) throw new Error(`the platform exited while starting:\n${output}`);
  } catch (error) {
    await platform.stop();
    throw error;
  }
  return platform;
}

/** Waits until `done` holds, asking every 200 ms; throws after `timeoutMs`. (No Vitest here: benchmarks use these too.) */
async function until(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function expectStatus(what: string, response: { status: number; body: unknown }, status: number): void {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${JSON.stringify(response.body)}`);
}

export interface PlatformDatabase {
  /** What the platform is started with: DATABASE_URL of a fresh database, or none (PGlite in DATA_DIR). */
  env: Record<string, string>;
  /** The same database, for a test to change directly: PGlite only while the platform is stopped. */
  open(): Promise<DatabaseHandle>;
  /** Drops the fresh PostgreSQL database. */
  close(): Promise<void>;
}

/**
 * The database of a platform under test: with DATABASE_URL set (as in CI), a new database on that
 * server for this test alone; otherwise the embedded one in `dataDir`, made from the migrated template.
 */
export async function platformDatabase(dataDir: string): Promise<PlatformDatabase> {
  if (!process.env.DATABASE_URL) {
    await seedEmbeddedDatabase(dataDir);
    return { env: { DATABASE_URL: '' }, open: () => openDatabase({ dataDir, migrate: false }), close: async () => {} };
  }
  const database = await createTestDatabase();
  return {
    env: { DATABASE_URL: database.url! },
    open: async () => ({ ...database, close: async () => {} }),
    close: () => database.close(),
  };
}

export interface PlatformClient {
  call(method: string, path: string, options?: { token?: string; body?: string; type?: string }): Promise<{ status: number; body: any }>;
}

/** Calls `/v1<path>` of the platform on `port`; JSON bodies unless `type` says otherwise. */
export function platformClient(port: number): PlatformClient {
  return {
    async call(method, path, options = {}) {
      const response = await fetch(`http://127.0.0.1:${port}/v1${path}`, {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': options.type ?? 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: options.body,
      });
      return { status: response.status, body: (await response.json()) as any };
    },
  };
}

/** Signs up a customer, verifying the address with the link the platform wrote to `DATA_DIR/outbox`. */
export async function signUpFromOutbox(client: PlatformClient, dataDir: string, email: string): Promise<{ apiKey: string; customerId: string }> {
  const signup = await client.call('POST', '/auth/signup', {
    body: JSON.stringify({ email, password: 'correct horse battery', full_name: 'Owner', company: 'Example' }),
  });
  expectStatus('sign-up', signup, 202);
  const outbox = join(dataDir, 'outbox');
  const mailTo = () => {
    // The outbox is made with the first message.
    if (!existsSync(outbox)) return undefined;
    const raw = readdirSync(outbox, { withFileTypes: true })
      .map((file) => readFileSync(join(outbox, file.name), 'utf8'))
      .find((message) => message.includes(`To: ${email}`));
    return raw === undefined ? undefined : decodeMessage(raw.replace(/\r?\n/g, '\r\n'));
  };
  await until(() => mailTo() !== undefined, 10_000);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mailTo()!.text)![1]!;
  const verified = await client.call('POST', '/auth/verify-email', { body: JSON.stringify({ token }) });
  expectStatus('address verification', verified, 200);
  return { apiKey: verified.body.data.default_api_key.key, customerId: verified.body.data.user.customer_id };
}
