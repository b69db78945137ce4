// `npm run bench:app`: against the real platform, the JavaScript the browser loads before the first
// screen is usable (gzipped), the time until the zones list of a customer with 1,000 zones is
// interactive, and the frame times while scrolling a zone of 10,000 record sets.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openDatabase } from '@kaja/db';
import { sql } from '@kaja/db/orm';
import { exitWithUsageOnHelp } from '@kaja/test-support/benchUsage';
import { launchBrowser } from '../src/testing/browser';
import { mailedLink, type Platform, startPlatform } from '../src/testing/platform';

exitWithUsageOnHelp();

const sets = Number(process.env.SETS ?? 10_000);
const zoneCount = Number(process.env.ZONES ?? 1_000);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function api<T = any>(platform: Platform, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${platform.apiUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

const dataDir = mkdtempSync(join(tmpdir(), 'kaja-dashboard-bench-'));
let platform = await startPlatform({}, { dataDir });
const email = `bench-${Date.now()}@example.com`;
await api(platform, 'POST', '/auth/signup', null, { email, password: 'a benchmark password', full_name: 'Bench', company: 'Bench' });
for (let tries = 0; !mailedLink(platform, email, '/auth/verify-email'); tries++) {
  if (tries > 100) throw new Error('No verification mail');
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const token = new URL(mailedLink(platform, email, '/auth/verify-email')!).searchParams.get('token');
const verified = await api<{ access_token: string; default_api_key: { key: string } }>(platform, 'POST', '/auth/verify-email', null, { token });
const apiKey = verified.default_api_key.key;

// Ten thousand sets are beyond the trial's plan: the operator moves the customer to Scale in the database.
await platform.stop();
const database = await openDatabase({ dataDir });
await database.db.execute(sql`update subscriptions set plan_id = 'scale'`);
await database.close();
platform = await startPlatform({}, { dataDir });

const zone = await api<{ id: string; name: string }>(platform, 'POST', '/zones', apiKey, { name: `bench-${Date.now()}.com`, ttl: 3600 });
for (let start = 0; start < sets; start += 1000) {
  const changes = Array.from({ length: Math.min(1000, sets - start) }, (_, i) => ({
    action: 'create',
    type: 'A',
    name: `host-${String(start + i).padStart(5, '0')}`,
    content: [`10.${(start + i) >> 16}.${((start + i) >> 8) & 255}.${(start + i) & 255}`],
    ttl: 300,
  }));
  await api(platform, 'PATCH', `/zones/${zone.id}/records`, apiKey, { changes });
}

// The customer's other zones, four requests at a time.
const stamp = Date.now();
const pending = Array.from({ length: zoneCount - 1 }, (_, i) => `zone-${String(i).padStart(4, '0')}-${stamp}.com`);
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let name = pending.shift(); name; name = pending.shift()) await api(platform, 'POST', '/zones', apiKey, { name, ttl: 3600 });
  }),
);

const browser = await launchBrowser();
try {
  const { page } = browser;
  const scripts: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body());
  });
  await page.goto(`${platform.appUrl}/auth`);
  await page.getByRole('button', { name: 'Sign in' }).last().waitFor();
  const firstScreen = await Promise.all(scripts);
  const gzipped = firstScreen.reduce((sum, body) => sum + gzipSync(body).length, 0);

  await page.evaluate(
    ([authToken, key]) => {
      localStorage.setItem('auth_token', authToken!);
      localStorage.setItem('api_key', key!);
    },
    [verified.access_token, apiKey],
  );
  // Interactive: the first page of zones is shown and a search is answered.
  const zonesStarted = Date.now();
  await page.goto(`${platform.appUrl}/zones`);
  await page.getByText(`1–10 of ${zoneCount}`).waitFor({ timeout: 60_000 });
  const zonesShown = Date.now() - zonesStarted;
  await page.getByLabel('Search zones by name').fill('zone-0500-');
  await page.getByText('1–1 of 1').waitFor({ timeout: 60_000 });
  const zonesSearched = Date.now() - zonesStarted;

  await page.goto(`${platform.appUrl}/zones/${zone.id}`);
  await page.getByText(`${sets + 2} record set(s)`).waitFor({ timeout: 60_000 });
  // Scrolls 300 px a frame to the last set (pages load on the way), recording each frame's time.
  const lastHost = `host-${String(sets - 1).padStart(5, '0')}`;
  const result = await page.evaluate(async (lastName) => {
    const scroller = document.querySelector('[data-testid="records-scroller"]') as HTMLElement;
    const frames: number[] = [];
    let rowsInDom = 0;
    let last = performance.now();
    const started = last;
    while (performance.now() - started < 120_000) {
      scroller.scrollTop += 300;
      await new Promise(requestAnimationFrame);
      const now = performance.now();
      frames.push(now - last);
      last = now;
      rowsInDom = Math.max(rowsInDom, scroller.querySelectorAll('tbody tr').length);
      if (scroller.textContent?.includes(lastName) && scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
    }
    return { frames, rowsInDom, reachedEnd: scroller.textContent?.includes(lastName) ?? false };
  }, lastHost);
  const frames = result.frames.sort((a, b) => a - b);
  const at = (q: number) => frames[Math.min(frames.length - 1, Math.floor(q * frames.length))]!;
  console.log(
    [
      '',
      `Dashboard benchmark (${sets} record sets, headless Chromium on this machine)`,
      `  JavaScript before the sign-in screen is usable: ${firstScreen.length} files, ${kb(gzipped)} gzipped`,
      `  Zones list with ${zoneCount} zones: first page shown ${zonesShown} ms after navigation, a search answered at ${zonesSearched} ms`,
      `  Scrolling to the last set: ${frames.length} frames, frame time p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${frames.at(-1)!.toFixed(1)} ms`,
      `  Table rows in the page at most: ${result.rowsInDom}; reached the end: ${result.reachedEnd}`,
      '',
    ].join('\n'),
  );
} finally {
  await browser.close();
  await platform.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
