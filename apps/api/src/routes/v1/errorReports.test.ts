import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEvents, errorIssues } from '@kaja/db';
import { eq, sql } from '@kaja/db/orm';
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
