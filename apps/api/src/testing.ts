// Helpers for tests that talk to the real API over HTTP: a listening server on a loopback port,
// a fresh database (PGlite, or a new database on DATABASE_URL) and a real SMTP sink.
import { once } from 'node:events';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import * as OTPAuth from 'otpauth';
import { SMTPServer } from 'smtp-server';
import type { FastifyInstance } from 'fastify';
import type { SourceMapDirectories } from './services/ops/errorReports/sourceMaps';
import { loadConfig, resolveKeyEncryptionKey, type Config } from '@kaja/config';
import { jobs, tsigKeys, zones, type DatabaseHandle, type RecordPolicy } from '@kaja/db';
import { and, eq } from '@kaja/db/orm';
import { createTestDatabase } from '@kaja/db/testing';
import { sql } from '@kaja/db/orm';
import { Arrivals } from '@kaja/test-support/arrivals';
import { decodeQuotedPrintable } from '@kaja/test-support/mail';
import { buildApp } from './app';
import type { RateLimits } from './plugins/app/rateLimit';
import { lifeCycleJob, scheduleLifeCycle } from './services/billing/billingJobs';
import { createMailer } from './services/ops/mail';
import { sealTsigSecret } from '@kaja/zone-writes';
import type { WorkerPoolOptions } from './workers/pool';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Subject and plain text of a raw message (quoted-printable and base64 bodies decoded). */
export function decodeMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') {
    body = decodeQuotedPrintable(body);
  } else if (encoding === 'base64') {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return { subject: header('Subject'), text: body.replace(/\r\n/g, '\n') };
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const arrivals = new Arrivals<ReceivedMail>(
    (messages) => `mail (received: ${messages.map((mail) => `${mail.to.join(',')} "${mail.subject}"`).join('; ') || 'none'})`,
  );
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        arrivals.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          ...decodeMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages: arrivals.items,
    waitFor: (match, timeoutMs) => arrivals.waitFor(match, timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  /** Bearer token: an API key or an access token. */
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApi {
  /** Origin of the server, e.g. http://127.0.0.1:41234 */
  origin: string;
  config: Config;
  app: FastifyInstance;
  database: DatabaseHandle;
  mail: SmtpSink;
  /** The time the API goes by: its test clock when one was given. */
  now(): Date;
  /** Calls `/v1<path>` and parses the JSON answer. */
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

export interface StartTestApiOptions {
  /** Extra environment variables for loadConfig. */
  env?: Record<string, string>;
  /** Defaults lift the mail (unless `env` sets ACCOUNT_MAIL_LIMIT), anonymous and refused-credential limits and scale the plan rates so tests are not throttled. */
  rateLimits?: Partial<RateLimits>;
  /** An open database to use instead of a fresh one (left open by `close`), e.g. to restart on it. */
  database?: DatabaseHandle;
  /** The time the services and jobs go by (default the system clock). */
  clock?: () => Date;
  /** Size of the worker pool and its queue. */
  workers?: WorkerPoolOptions;
  /** Where browser builds keep their source maps (error reports). */
  sourceMaps?: SourceMapDirectories;
}

/**
 * Starts the real API on 127.0.0.1 with an ephemeral port, a fresh database and an SMTP sink.
 * Background jobs do not run by themselves here: call `api.app.jobs.runUntilIdle()` where a test needs them.
 */
export async function startTestApi(options: StartTestApiOptions = {}): Promise<TestApi> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-api-'));
  const mail = await startSmtpSink();
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SMTP_URL: mail.url, ERROR_REPORTING: 'off', ANALYTICS: 'off', ...options.env });
  const mailer = createMailer({ smtpUrl: mail.url, from: config.mailFrom, dataDir, logger: { info() {}, error() {} } as never });
  const app = await buildApp({
    config,
    database,
    mailer,
    rateLimits: {
      // ACCOUNT_MAIL_LIMIT, when a test sets it, is what it tests.
      ...(options.env?.ACCOUNT_MAIL_LIMIT === undefined ? { mail: { limit: 1000, windowSeconds: 900 } } : {}),
      support: { limit: 1000, windowSeconds: 900 },
      anonymous: { read: 1000, write: 1000 },
      planScale: 100,
      failedAuthentication: { limit: 1000, windowSeconds: 60 },
      errors: { limit: 1000, windowSeconds: 60 },
      analytics: { limit: 1000, windowSeconds: 60 },
      ...options.rateLimits,
    },
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.workers ? { workers: options.workers } : {}),
    ...(options.sourceMaps ? { sourceMaps: options.sourceMaps } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    config,
    app,
    database,
    mail,
    now: () => options.clock?.() ?? new Date(),
    async request(method, path, { body, token, headers = {} } = {}) {
      const response = await fetch(`${origin}/v1${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // Left as text: a test can assert on it.
      }
      return { status: response.status, headers: response.headers, body: parsed as any };
    },
    async close() {
      await app.close();
      mailer.close();
      await mail.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let sequence = 0;

/** A unique address for a test user. */
export const uniqueEmail = (label = 'user') => `${label}.${process.pid}.${Date.now().toString(36)}.${++sequence}@example.test`;

/** The token in the newest link mailed to `email` (verification, reset, invitation). */
export async function mailedToken(api: TestApi, email: string, subjectContains: string): Promise<string> {
  const mail = await api.mail.waitFor((message) => message.to.includes(email) && message.subject.includes(subjectContains));
  const match = /token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`No token in mail "${mail.subject}"`);
  return match[1]!;
}

export interface TestAccount {
  email: string;
  password: string;
  userId: string;
  customerId: string;
  /** Session access token (all that the owner role allows). */
  accessToken: string;
  /** Secret of the default API key (all scopes). */
  apiKey: string;
  apiKeyId: string;
}

/** Signs up a new customer, verifies the email and returns the owner's credentials. */
export async function signUpOwner(
  api: TestApi,
  fields: { email?: string; password?: string; full_name?: string; company?: string } = {},
): Promise<TestAccount> {
  const email = fields.email ?? uniqueEmail('owner');
  const password = fields.password ?? 'correct horse battery';
  const signup = await api.request('POST', '/auth/signup', {
    body: { email, password, full_name: fields.full_name ?? 'Test Owner', company: fields.company ?? 'Test Company' },
  });
  if (signup.status !== 202) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const token = await mailedToken(api, email, 'Verify');
  const verified = await api.request('POST', '/auth/verify-email', { body: { token } });
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  const { access_token, user, default_api_key } = verified.body.data;
  return {
    email,
    password,
    userId: user.id,
    customerId: user.customer_id,
    accessToken: access_token,
    apiKey: default_api_key.key,
    apiKeyId: default_api_key.id,
  };
}

/** Creates an API key for the account's own user with the given scopes (and restrictions). */
export async function createApiKey(
  api: TestApi,
  account: TestAccount,
  body: { name?: string; scopes: string[] | string; restrictions?: unknown; expires_at?: string },
) {
  const response = await api.request('POST', `/users/${account.userId}/apikeys`, { token: account.accessToken, body: { name: 'test key', ...body } });
  if (response.status !== 201) throw new Error(`key creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as { id: string; key: string };
}

/** Asserts nothing: returns the envelope's error, throwing when the answer is not an error envelope. */
export function errorOf(response: ApiResponse): { code: string; message: string; details: Record<string, string> } {
  if (response.body?.status !== 'error' || typeof response.body.error?.code !== 'string') {
    throw new Error(`Expected an error envelope, got ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response.body.error;
}

/** The code an authenticator app shows for a base32 TOTP secret at `time` (default now). */
export function totpCode(secret: string, time = Date.now()): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: time });
}

/**
 * Sets up an authenticator app for the signed-in person, as they would with the QR code: returns the
 * secret (to make codes with `totpCode`) and the recovery codes.
 */
export async function enrolTotp(api: TestApi, accessToken: string): Promise<{ secret: string; recoveryCodes: string[] | null }> {
  const begun = await api.request('POST', '/auth/totp', { token: accessToken });
  if (begun.status !== 200) throw new Error(`TOTP enrolment failed: ${begun.status} ${JSON.stringify(begun.body)}`);
  const { secret } = begun.body.data;
  const confirmed = await api.request('POST', '/auth/totp/confirm', { token: accessToken, body: { code: totpCode(secret, api.now().getTime()) } });
  if (confirmed.status !== 200) throw new Error(`TOTP confirmation failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { secret, recoveryCodes: confirmed.body.data.recovery_codes };
}

/**
 * A platform staff user (created as the operator's command line does), signed in. Staff must sign in
 * with two factors: the first sign-in can only enrol one, so an authenticator app is set up at once.
 */
export async function signInStaff(api: TestApi): Promise<{ email: string; password: string; accessToken: string; userId: string; totpSecret: string }> {
  const { createStaff } = await import('./services/accounts/staff');
  const { email, password } = await createStaff(api.database.db, uniqueEmail('staff'));
  const signin = await api.request('POST', '/auth/signin', { body: { email, password } });
  if (signin.status !== 200) throw new Error(`staff sign-in failed: ${signin.status} ${JSON.stringify(signin.body)}`);
  const accessToken = signin.body.data.access_token as string;
  const { secret } = await enrolTotp(api, accessToken);
  return { email, password: password!, accessToken, userId: signin.body.data.user.id, totpSecret: secret };
}

/** Adds a user with the given role to the account's customer and signs them in. */
export async function addUser(api: TestApi, account: TestAccount, role: 'owner' | 'admin' | 'member') {
  const email = uniqueEmail(role);
  const password = 'member password 123';
  const created = await api.request('POST', '/users', { token: account.accessToken, body: { email, full_name: `A ${role}`, role, password } });
  if (created.status !== 201) throw new Error(`user creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  await api.database.db.execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${created.body.data.id}`);
  const signin = await api.request('POST', '/auth/signin', { body: { email, password } });
  return { email, password, userId: created.body.data.id as string, accessToken: signin.body.data.access_token as string };
}

export interface TestTsigKey {
  id: string;
  name: string;
  algorithm: 'hmac-sha256' | 'hmac-sha384' | 'hmac-sha512';
  /** The secret in base64, as `nsupdate -y` and `dig -y` take it. */
  secret: string;
}

/** Stores a TSIG key of a zone as the platform keeps it (secret sealed under the key-encryption key). */
export async function createTsigKey(
  api: TestApi,
  zoneId: string,
  fields: { name?: string; algorithm?: TestTsigKey['algorithm']; canUpdate?: boolean; recordPolicies?: RecordPolicy[] | null } = {},
): Promise<TestTsigKey> {
  const [zone] = await api.database.db.select().from(zones).where(eq(zones.id, zoneId));
  if (!zone) throw new Error(`no zone ${zoneId}`);
  const id = randomUUID();
  const secret = randomBytes(32);
  const name = fields.name ?? `key-${++sequence}.${zone.name}`;
  const algorithm = fields.algorithm ?? 'hmac-sha256';
  await api.database.db.insert(tsigKeys).values({
    id,
    customerId: zone.customerId,
    zoneId,
    name,
    algorithm,
    secret: sealTsigSecret(secret, resolveKeyEncryptionKey(api.config), id),
    canUpdate: fields.canUpdate ?? true,
    recordPolicies: fields.recordPolicies ?? null,
  });
  return { id, name, algorithm, secret: secret.toString('base64') };
}

/**
 * Runs the subscription life-cycle job now, as the job runner would once its hour is up: a test
 * moves the API's clock forward first (startTestApi's `clock`).
 */
export async function runBillingLifeCycle(api: TestApi): Promise<void> {
  await scheduleLifeCycle(api.app.context);
  // The pass queued by the previous run waits an hour of real time; the test's clock has moved on.
  await api.database.db
    .update(jobs)
    .set({ runAt: new Date() })
    .where(and(eq(jobs.name, lifeCycleJob), eq(jobs.status, 'queued')));
  await api.app.jobs.runUntilIdle();
}
