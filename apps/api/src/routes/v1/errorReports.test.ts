import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, errorEvents, errorIssues } from '@kaja/db';
import { eq, sql } from '@kaja/db/orm';
import { startWebhookReceiver, type WebhookReceiver } from '@kaja/test-support/webhookReceiver';
import { maxForwardsInFlight } from '../../services/ops/errorReports/forward';
import { storeReport, trimErrorEvents } from '../../services/ops/errorReports/store';
import { errorOf, signInStaff, signUpOwner, startTestApi, type TestAccount, type TestApi } from '../../testing';

/** A minified bundle of a small module with its source map, as the dashboard's build writes them. */
function buildBundle(directory: string) {
  const source = ['export function explode(zone: string) {', '  const message = `zone ${zone} failed`;', '  throw new TypeError(message);', '}', ''].join('\n');
  const built = transformSync(source, { loader: 'ts', minify: true, sourcemap: 'external', sourcefile: 'apps/dashboard/src/explode.ts', format: 'esm' });
  mkdirSync(join(directory, 'assets'), { recursive: true });
  writeFileSync(join(directory, 'assets', 'index-Abc123.js.map'), built.map);
  // Where the browser's stack points: the `throw` in the minified line, counted from 1 as browsers do.
  return { line: 1, column: built.code.indexOf('throw') + 1 };
}

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A Sentry envelope with one event, as the browser SDK sends it to its tunnel. */
function envelope(event: Record<string, unknown>): string {
  return [JSON.stringify({ event_id: 'a'.repeat(32), sent_at: new Date().toISOString() }), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
}

function dashboardEvent(origin: string, position: { line: number; column: number }, extra: Record<string, unknown> = {}) {
  return {
    event_id: 'b'.repeat(32),
    platform: 'javascript',
    release: 'abc1234',
    tags: { app: 'dashboard' },
    exception: {
      values: [
        {
          type: 'TypeError',
          value: 'zone example.com failed for ada@example.com',
          stacktrace: {
            frames: [
              { filename: `${origin}/assets/vendor-Xyz.js?v=1`, function: 'r', lineno: 1, colno: 200 },
              { filename: `${origin}/assets/index-Abc123.js`, function: 'n', lineno: position.line, colno: position.column },
            ],
          },
        },
      ],
    },
    request: { url: `${origin}/zones/42?token=kst_secretvalue#records`, headers: { 'User-Agent': chrome } },
    user: { email: 'ada@example.com' },
    breadcrumbs: [{ message: 'clicked' }],
    ...extra,
  };
}

describe('error reports', () => {
  let api: TestApi;
  let staff: { accessToken: string };
  let customer: TestAccount;
  let position: { line: number; column: number };
  const sourceMaps = mkdtempSync(join(tmpdir(), 'kaja-source-maps-'));
  const post = (body: string, contentType = 'text/plain;charset=UTF-8') =>
    api.request('POST', '/errors/envelope', { body, headers: { 'content-type': contentType, 'user-agent': chrome } });

  beforeAll(async () => {
    position = buildBundle(join(sourceMaps, 'dashboard'));
    api = await startTestApi({ env: { ERROR_REPORTING: 'on' }, sourceMaps: { dashboard: join(sourceMaps, 'dashboard') } });
    staff = await signInStaff(api);
    customer = await signUpOwner(api);
  });
  afterAll(async () => {
    await api.close();
    rmSync(sourceMaps, { recursive: true, force: true });
  });

  it('stores a browser error mapped to its source, grouped with the next one, without personal data', async () => {
    const first = await post(envelope(dashboardEvent('http://127.0.0.1:8081', position)));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'success', data: { accepted: 1 } });
    // The same failure from another build of the same source is the same issue.
    expect((await post(envelope(dashboardEvent('http://127.0.0.1:8081', position, { release: 'def5678' })), 'application/x-sentry-envelope')).status).toBe(200);

    const list = await api.request('GET', '/errors?source=dashboard', { token: staff.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(1);
    const [issue] = list.body.data;
    expect(issue).toMatchObject({
      source: 'dashboard',
      type: 'TypeError',
      message: 'zone example.com failed for [email]',
      culprit: 'apps/dashboard/src/explode.ts:3',
      event_count: 2,
      first_release: 'abc1234',
      last_release: 'def5678',
    });
    expect(Date.parse(issue.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(issue.first_seen_at));

    const detail = await api.request('GET', `/errors/${issue.id}`, { token: staff.accessToken });
    expect(detail.status).toBe(200);
    expect(detail.body.data.events).toHaveLength(2);
    const [latest] = detail.body.data.events;
    expect(latest).toMatchObject({ release: 'def5678', route: '/zones/42', browser: 'Chrome 131 on Linux', message: 'zone example.com failed for [email]' });
    // Innermost frame first, read in the source; the frame without a map stays as built, its query string gone.
    expect(latest.frames[0]).toEqual({ file: 'apps/dashboard/src/explode.ts', line: 3, column: 3, function: 'n', mapped: true });
    expect(latest.frames[1]).toEqual({ file: 'http://127.0.0.1:8081/assets/vendor-Xyz.js', line: 1, column: 200, function: 'r', mapped: false });
    const stored = JSON.stringify(await api.database.db.select().from(errorEvents));
    expect(stored).not.toContain('ada@example.com');
    expect(stored).not.toContain('kst_secretvalue');
    expect(stored).not.toContain('clicked');
  });

  it('groups failed API calls reported as messages by their operation', async () => {
    const message = (status: number) => ({ tags: { app: 'site' }, release: 'abc1234', level: 'error', message: `API call failed: GET /v1/plans (${status})` });
    for (const status of [500, 503, 500]) expect((await post(envelope(message(status)))).status).toBe(200);
    const list = await api.request('GET', '/errors?source=site', { token: staff.accessToken });
    expect(list.body.data.map((item: { type: string; event_count: number }) => [item.type, item.event_count])).toEqual([['Message', 3]]);
  });

  it('answers bad reports with 400 in the envelope, too large ones with 413, and stores nothing', async () => {
    const before = (await api.database.db.select({ n: sql<number>`count(*)::int` }).from(errorEvents))[0]!.n;
    const cases: [string, number][] = [
      ['not an envelope', 400],
      [`${JSON.stringify({})}\n${JSON.stringify({ type: 'event' })}\nnot json`, 400],
      [envelope({ tags: { app: 'somewhere-else' }, message: 'x' }), 400],
      [envelope({ tags: { app: 'site' } }), 400],
      [envelope({ tags: { app: 'site' }, exception: { values: 'no' } }), 400],
      [`${JSON.stringify({})}\n${JSON.stringify({ type: 'event', length: 9999 })}\n{}`, 400],
      [envelope({ tags: { app: 'site' }, message: 'x'.repeat(70_000) }), 413],
    ];
    for (const [body, status] of cases) {
      const response = await post(body);
      expect(response.status, body.slice(0, 80)).toBe(status);
      expect(response.body.status).toBe('error');
    }
    // Items other than events (sessions, client reports) are skipped.
    const skipped = await post(`${JSON.stringify({})}\n${JSON.stringify({ type: 'client_report' })}\n{"discarded_events":[]}`);
    expect(skipped.body.data).toEqual({ accepted: 0 });
    expect((await api.database.db.select({ n: sql<number>`count(*)::int` }).from(errorEvents))[0]!.n).toBe(before);
  });

  it('reports the API’s own failures with the route’s template', async () => {
    // A real failure: the table the route reads is gone for a moment.
    await api.database.db.execute(sql`ALTER TABLE plans RENAME TO plans_away`);
    try {
      expect((await api.request('GET', '/plans?currency=EUR')).status).toBe(500);
    } finally {
      await api.database.db.execute(sql`ALTER TABLE plans_away RENAME TO plans`);
    }
    await api.app.settled();
    const list = await api.request('GET', '/errors?source=api', { token: staff.accessToken });
    expect(list.body.meta.total).toBe(1);
    const detail = await api.request('GET', `/errors/${list.body.data[0].id}`, { token: staff.accessToken });
    expect(detail.body.data.events[0]).toMatchObject({ route: 'GET /v1/plans', browser: null });
    expect(detail.body.data.events[0].frames.length).toBeGreaterThan(0);
    // No machine paths: files are named from the repository's root.
    for (const frame of detail.body.data.events[0].frames) expect(frame.file).not.toMatch(/^\//);
  });

  it('is for platform staff only: 403 for customers, 401 without a credential', async () => {
    const issue = (await api.database.db.select().from(errorIssues).limit(1))[0]!;
    for (const path of ['/errors', '/errors?source=site', `/errors/${issue.id}`]) {
      const refused = await api.request('GET', path, { token: customer.accessToken });
      expect(refused.status, path).toBe(403);
      expect(errorOf(refused).code).toBe('forbidden');
      expect((await api.request('GET', path)).status, path).toBe(401);
    }
    expect((await api.request('GET', `/errors/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, { token: staff.accessToken })).status).toBe(404);
  });

  it('resolves an issue until it happens again, mutes one out of the list, and audits both', async () => {
    const message = (text: string) => envelope({ tags: { app: 'site' }, release: 'abc1234', message: text });
    expect((await post(message('Checkout widget gave up'))).status).toBe(200);
    expect((await post(message('Noisy extension error'))).status).toBe(200);
    const find = async (query: string, text: string) =>
      (
        (await api.request('GET', `/errors?source=site${query}`, { token: staff.accessToken })).body.data as { id: string; message: string; state: string }[]
      ).find((item) => item.message === text);
    const checkout = (await find('', 'Checkout widget gave up'))!;
    const noisy = (await find('', 'Noisy extension error'))!;
    expect(checkout.state).toBe('open');
    const put = (id: string, state: unknown, token = staff.accessToken) => api.request('PUT', `/errors/${id}/state`, { token, body: { state } });

    const resolved = await put(checkout.id, 'resolved');
    expect(resolved.status).toBe(200);
    expect(resolved.body.data).toMatchObject({ id: checkout.id, state: 'resolved' });
    expect(Date.parse(resolved.body.data.state_changed_at)).not.toBeNaN();
    expect((await find('&state=resolved', 'Checkout widget gave up'))?.state).toBe('resolved');
    // It recurs: open again, its count going on.
    expect((await post(message('Checkout widget gave up'))).status).toBe(200);
    expect(await find('', 'Checkout widget gave up')).toMatchObject({ state: 'open', event_count: 2 });

    expect((await put(noisy.id, 'muted')).body.data.state).toBe('muted');
    expect((await post(message('Noisy extension error'))).status).toBe(200);
    // Hidden by default, listed when asked for, still counted.
    expect(await find('', 'Noisy extension error')).toBeUndefined();
    expect(await find('&state=muted', 'Noisy extension error')).toMatchObject({ state: 'muted', event_count: 2 });
    expect((await put(noisy.id, 'open')).body.data.state).toBe('open');

    const audited = await api.database.db
      .select({ action: auditEvents.action, summary: auditEvents.summary })
      .from(auditEvents)
      .where(eq(auditEvents.targetType, 'error_issue'));
    expect(audited.map((event) => event.action).sort()).toEqual(['error_issue.muted', 'error_issue.reopened', 'error_issue.resolved']);
    expect(audited.find((event) => event.action === 'error_issue.muted')?.summary).toEqual({ from: 'open', to: 'muted' });

    expect(errorOf(await put(checkout.id, 'closed')).code).toBe('validation_failed');
    expect((await put(`${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, 'resolved')).status).toBe(404);
    const refused = await put(checkout.id, 'muted', customer.accessToken);
    expect(refused.status).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');
    expect((await api.request('PUT', `/errors/${checkout.id}/state`, { body: { state: 'muted' } })).status).toBe(401);
    expect((await find('', 'Checkout widget gave up'))?.state).toBe('open');
  });

  it('removes events past the retention period and keeps their issue’s count', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const report = { source: 'job' as const, release: 'abc1234', type: 'Error', message: 'mail server refused', route: 'mail', browser: null, frames: [] };
    const issueId = await storeReport(api.database.db, report, old);
    await storeReport(api.database.db, report, new Date());
    expect(await trimErrorEvents(api.database.db, 30, new Date())).toBe(1);
    const [issue] = await api.database.db.select().from(errorIssues).where(eq(errorIssues.id, issueId));
    expect(issue).toMatchObject({ eventCount: 2, firstSeenAt: old });
    expect(await api.database.db.select().from(errorEvents).where(eq(errorEvents.issueId, issueId))).toHaveLength(1);
  });
});

describe('error reports, limits and switch', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ rateLimits: { errors: { limit: 3, windowSeconds: 60 } } });
  });
  afterAll(() => api.close());

  it('stores nothing while error reporting is off, and limits reports per client address', async () => {
    const body = envelope({ tags: { app: 'site' }, message: 'API call failed: GET /v1/plans (500)' });
    for (let i = 0; i < 3; i++) {
      const response = await api.request('POST', '/errors/envelope', { body, headers: { 'content-type': 'text/plain' } });
      expect(response.body).toEqual({ status: 'success', data: { accepted: 0 } });
    }
    const limited = await api.request('POST', '/errors/envelope', { body, headers: { 'content-type': 'text/plain' } });
    expect(limited.status).toBe(429);
    expect(errorOf(limited).code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await api.database.db.select().from(errorIssues)).toEqual([]);
  });
});

describe('error reports forwarded to an external Sentry or GlitchTip', () => {
  let api: TestApi;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // A loopback server stands in for the external service.
    receiver = await startWebhookReceiver();
    const dsn = `${receiver.origin.replace('://', '://publickey123@')}/glitchtip/42`;
    api = await startTestApi({ env: { ERROR_REPORTING: 'on', ERROR_REPORTING_DSN: dsn } });
  });
  afterAll(async () => {
    await api?.close();
    await receiver?.close();
  });

  it('sends the stored, redacted event to the DSN’s envelope endpoint with its key, after answering', async () => {
    const event = {
      tags: { app: 'dashboard' },
      release: 'abc1234',
      exception: {
        values: [
          {
            type: 'TypeError',
            value: 'failed for ada@example.com with kst_secretvalue',
            stacktrace: { frames: [{ filename: 'http://127.0.0.1:8081/assets/a.js?v=2', function: 'f', lineno: 1, colno: 9 }] },
          },
        ],
      },
      request: { url: 'http://127.0.0.1:8081/zones/42?token=kst_secretvalue', headers: { 'User-Agent': chrome } },
      user: { email: 'ada@example.com', ip_address: '192.0.2.7' },
      breadcrumbs: [{ message: 'clicked' }],
    };
    const answer = await api.request('POST', '/errors/envelope', { body: envelope(event), headers: { 'content-type': 'text/plain' } });
    expect(answer.body).toEqual({ status: 'success', data: { accepted: 1 } });
    const sent = await receiver.waitFor((request) => request.path === '/glitchtip/api/42/envelope/');
    expect(sent.headers['content-type']).toBe('application/x-sentry-envelope');
    expect(sent.headers['x-sentry-auth']).toMatch(/^Sentry sentry_version=7, sentry_key=publickey123, sentry_client=kaja\//);
    const [header, itemHeader, payload] = sent.body.split('\n');
    expect(JSON.parse(header!).event_id).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(itemHeader!)).toEqual({ type: 'event', length: Buffer.byteLength(payload!) });
    const forwarded = JSON.parse(payload!);
    expect(forwarded).toMatchObject({
      platform: 'javascript',
      release: 'abc1234',
      tags: { app: 'dashboard', browser: 'Chrome 131 on Linux' },
      transaction: '/zones/42',
      exception: { values: [{ type: 'TypeError', value: 'failed for [email] with [redacted]' }] },
    });
    expect(forwarded.exception.values[0].stacktrace.frames).toEqual([
      { filename: 'http://127.0.0.1:8081/assets/a.js', function: 'f', lineno: 1, colno: 9, in_app: true },
    ]);
    // What the platform did not keep, the external service does not get either.
    for (const kept of ['ada@example.com', 'kst_secretvalue', '192.0.2.7', 'clicked', 'token=']) expect(sent.body).not.toContain(kept);
  });

  it('forwards the platform’s own errors, and a failing service costs neither the answer nor the stored event', async () => {
    receiver.respond((_request, response) => void response.writeHead(503).end());
    const before = receiver.received.length;
    await api.app.errorReports.report('job', new Error('mail server refused'), 'mail');
    await api.app.settled();
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body.split('\n')[2]!)).toMatchObject({
      platform: 'node',
      tags: { app: 'job' },
      exception: { values: [{ value: 'mail server refused' }] },
    });
    const stored = await api.request('POST', '/errors/envelope', {
      body: envelope({ tags: { app: 'site' }, message: 'after a refusal' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(stored.body.data).toEqual({ accepted: 1 });
    await api.app.settled();
    expect((await api.database.db.select().from(errorIssues).where(eq(errorIssues.message, 'after a refusal'))).length).toBe(1);
  });

  it('sends at most a bounded number at once and drops the rest rather than queueing them', async () => {
    // The service holds every request until told: nothing completes while the burst arrives.
    const held: (() => void)[] = [];
    receiver.respond((_request, response) => void held.push(() => response.writeHead(200).end()));
    const before = receiver.received.length;
    const burst = maxForwardsInFlight + 5;
    for (let i = 0; i < burst; i++) await api.app.errorReports.report('job', new Error(`burst ${i}`), 'burst');
    await receiver.waitFor(() => receiver.received.length - before === maxForwardsInFlight);
    for (const release of held) release();
    await api.app.settled();
    expect(receiver.received.length - before).toBe(maxForwardsInFlight);
    // Every one of them is stored all the same.
    const events = (await api.database.db.select({ message: errorEvents.message }).from(errorEvents)).filter((row) => row.message.startsWith('burst'));
    expect(events).toHaveLength(burst);
  });
});
