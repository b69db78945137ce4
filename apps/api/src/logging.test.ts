import { PassThrough } from 'node:stream';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '@kaja/config';
import type { DatabaseHandle } from '@kaja/db';
import { createTestDatabase } from '@kaja/db/testing';
import { customers } from '@kaja/db';
import { buildApp } from './app';
import { decodeMessage } from './testing';

// The platform as configured without SMTP_URL: logs to a stream we read, mail into DATA_DIR/outbox.
describe('logs, internal errors and the mail outbox', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-logs-'));
  const logs: string[] = [];
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)));
    app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }), database, logStream: stream });
    app.get('/v1/failing', { config: { auth: 'public' } }, async () => {
      throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
    });
    // A statement the database refuses, with a credential among its parameters.
    app.get('/v1/failing-query', { config: { auth: 'public' } }, async () => {
      await database.db.insert(customers).values({ name: '$argon2id$v=19$m=19456,t=2,p=1$parameter-in-a-failed-query\u0000' });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('writes mail to DATA_DIR/outbox as .eml files and logs it', async () => {
    const response = await post('/auth/signup', { email: 'outbox@example.test', password: 'outbox password', full_name: 'O', company: 'O' });
    expect(response.status).toBe(202);
    const outbox = join(dataDir, 'outbox');
    await expect
      .poll(
        () => {
          try {
            return readdirSync(outbox).length;
          } catch {
            return 0;
          }
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    const file = join(outbox, readdirSync(outbox)[0]!);
    // It holds a live verification link: for the platform's user only.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(outbox).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const eml = readFileSync(file, 'utf8');
    expect(eml).toMatch(/^To: outbox@example.test$/m);
    const { subject, text } = decodeMessage(eml.replace(/\n/g, '\r\n'));
    expect(subject).toBe('Verify your email address for Kaja DNS');
    expect(text).toMatch(/\/auth\/verify-email\?token=kvt_[\w-]{43}\n/);
    expect(logs.some((line) => line.includes('mail written to outbox'))).toBe(true);
  });

  it('never logs passwords, tokens, authorization headers or cookies, and logs request ids', async () => {
    const secretToken = 'kst_this-token-must-not-appear-in-logs';
    await post('/auth/signin', { email: 'outbox@example.test', password: 'outbox password' }, { 'x-request-id': 'log-trace-1' });
    await fetch(`${origin}/v1/auth/session`, { headers: { authorization: `Bearer ${secretToken}`, cookie: `kaja_session=${secretToken}` } });
    await fetch(`${origin}/v1/auth/verify-email?token=kvt_secret-in-the-query`);
    const all = logs.join('\n');
    expect(all).not.toContain('outbox password');
    expect(all).not.toContain(secretToken);
    expect(all).not.toContain('kvt_secret-in-the-query');
    expect(all).toContain('"reqId":"log-trace-1"');
    expect(all).toContain('token=[redacted]');
  });

  it('answers an unexpected failure with internal_error and nothing of the cause', async () => {
    const response = await fetch(`${origin}/v1/failing`);
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ status: 'error', error: { code: 'internal_error', message: 'An unexpected error occurred', details: {} } });
    expect(body).not.toContain('secret_table');
    expect(logs.some((line) => line.includes('secret_table'))).toBe(true);
  });

  it('refuses NUL and control characters in any field with validation_failed, and logs no hash', async () => {
    const response = await post('/auth/signup', {
      email: 'nul@example.test',
      password: 'a good long password',
      full_name: 'Nul\u0000Name',
      company: 'Nul Ltd',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      status: 'error',
      error: { code: 'validation_failed', details: { full_name: expect.stringContaining('control characters') } },
    });
    expect(logs.join('\n')).not.toContain('$argon2');
  });

  it('never logs the parameters or row details of a failed database statement', async () => {
    const response = await fetch(`${origin}/v1/failing-query`);
    expect(response.status).toBe(500);
    const failure = logs.filter((line) => line.includes('"request failed"')).at(-1)!;
    expect(failure).toContain('insert into');
    expect(failure).not.toContain('parameter-in-a-failed-query');
    expect(failure).not.toContain('$argon2id');
  });
});
