import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as OTPAuth from 'otpauth';
import { describe, expect, inject } from 'vitest';
import { root } from '../../test/platform';
import { html, open, platform, screenshots, test } from '../../test/sitePages';
import { builtProgram } from '@kaja/test-support/programs';

/** Calls `/v1<path>` of the test platform as `token` and gives the envelope's data (an error status throws). */
async function call(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${platform.url}/v1${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { data: any };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** A staff member made as the operator does (npm run admin, handed to the running platform), signed in with an authenticator app set up. */
async function signInStaff(): Promise<string> {
  const email = `staff-${Date.now()}@example.com`;
  const { stdout } = await promisify(execFile)(process.execPath, [builtProgram('apps/platform/src/admin.ts'), 'create-staff', email], {
    cwd: root,
    env: { ...process.env, DATA_DIR: inject('siteDataDir') },
  });
  const password = /first password: (\S+)/.exec(stdout)![1]!;
  const { access_token: token } = await call('POST', '/auth/signin', undefined, { email, password });
  const { secret } = await call('POST', '/auth/totp', token);
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  await call('POST', '/auth/totp/confirm', token, { code });
  return token as string;
}

describe('status page', () => {
  test('shows the regions from GET /v1/regions with the legend colours and texts', async ({ newPage }) => {
    const { page } = await newPage();
    const regions = page.waitForResponse((response) => response.url() === `${platform.url}/v1/regions`);
    await open(page, '/status');
    const served = (await (await regions).json()).data as { name: string; status: string }[];
    expect(served.length).toBeGreaterThan(0);
    const cards = page.getByTestId('region');
    await expect.poll(() => cards.count()).toBe(served.length);
    const label = { online: 'Online', degraded: 'Degraded', offline: 'Offline', NA: 'N/A' } as Record<string, string>;
    for (const region of served) {
      const card = cards.filter({ hasText: region.name });
      expect(await card.textContent()).toContain(label[region.status] ?? 'Unknown');
    }
    expect(await page.getByTestId('regions').textContent()).toContain('Africa');
    const legend = page.getByTestId('legend').locator('li');
    expect(await legend.allTextContents()).toEqual(['Online', 'Degraded', 'Offline', 'N/A', 'Unknown']);
    const colours = await legend.locator('span').evaluateAll((dots) => dots.map((dot) => getComputedStyle(dot).backgroundColor));
    const [green, amber, red, dark, grey] = colours.map((colour) =>
      colour
        .match(/[\d.]+/g)!
        .slice(0, 3)
        .map(Number),
    ) as [[number, number, number], [number, number, number], [number, number, number], [number, number, number], [number, number, number]];
    expect(green[1]).toBeGreaterThan(green[0] + 50);
    expect(amber[0]).toBeGreaterThan(amber[2] + 100);
    expect(amber[1]).toBeGreaterThan(amber[2] + 50);
    expect(red[0]).toBeGreaterThan(red[1] + 50);
    expect(Math.max(...dark)).toBeLessThan(60);
    expect(Math.min(...grey)).toBeGreaterThan(120);
    await page.screenshot({ path: join(screenshots, 'status-desktop.png'), fullPage: true });
    await page.context().close();
  });

  test('lists the regions as built in the order GET /v1/regions gives them, so no card moves when it answers', async () => {
    const { text } = await html('/status');
    const built = [...text.matchAll(/data-testid="region"[\s\S]*?<h3[^>]*>([^<]+)<\/h3>/g)].map((match) => match[1]);
    const served = ((await call('GET', '/regions')) as { name: string }[]).map((region) => region.name);
    expect(built).toEqual(served);
  });

  test('shows a region whose nodes lag as degraded, with the lag', async ({ newPage }) => {
    const { page } = await newPage();
    // The platform's one node does not lag: the API's answer (tested in the API) is given a lagging Europe here.
    await page.route(`${platform.url}/v1/regions`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { name: string; status: string; status_source: string; nodes: object }[] };
      for (const region of body.data) {
        if (region.name !== 'Europe') continue;
        region.status = 'degraded';
        region.status_source = 'nodes';
        region.nodes = { total: 2, online: 2, last_heartbeat_at: new Date().toISOString(), journal_lag_seconds: 95.4, degraded_after_seconds: 60 };
      }
      await route.fulfill({ response, json: body });
    });
    await open(page, '/status');
    const europe = page.getByTestId('region').filter({ hasText: 'Europe' });
    await expect.poll(() => europe.getByTestId('region-lag').textContent()).toBe('Zone changes reach some answers here 95 s late (more than 60 s)');
    expect(await europe.textContent()).toContain('Degraded');
    expect(await europe.getByTestId('region-nodes').textContent()).toBe('2 of 2 DNS nodes reporting');
    await page.context().close();
  });

  test('shows when it last checked, the region its DNS node heartbeats for, and incidents with their updates', async ({ newPage }) => {
    const token = await signInStaff();
    const europe = ((await call('GET', '/regions?limit=100')) as { id: string; name: string }[]).find((region) => region.name === 'Europe')!;
    const ongoing = await call('POST', '/incidents', token, {
      title: 'Slow zone changes in Europe',
      impact: 'minor',
      region_ids: [europe.id],
      message: 'Changes take minutes to reach our European servers.',
    });
    await call('POST', `/incidents/${ongoing.id}/updates`, token, { status: 'identified', message: 'A congested database replica.' });
    const resolved = await call('POST', '/incidents', token, { title: 'Dropped transfers', impact: 'major', region_ids: [], message: 'Zone transfers fail.' });
    await call('POST', `/incidents/${resolved.id}/updates`, token, { status: 'resolved', message: 'Transfers work again.' });

    const { page, errors } = await newPage();
    await open(page, '/status');
    await expect.poll(() => page.getByTestId('checked-at').textContent()).toMatch(/^Last checked \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/);
    // The platform's own DNS thread is Europe's node (DNS_REGION=Europe in the test platform).
    const europeCard = page.getByTestId('region').filter({ hasText: 'Europe' });
    await expect.poll(() => europeCard.getByTestId('region-nodes').textContent()).toBe('1 of 1 DNS node reporting');
    expect(await europeCard.textContent()).toContain('Online');

    const current = page.getByTestId('ongoing-incidents').getByTestId('incident').filter({ hasText: 'Slow zone changes in Europe' });
    await expect.poll(() => current.count()).toBe(1);
    expect(await current.textContent()).toContain('Identified');
    expect(await current.textContent()).toContain('Europe');
    expect(await current.getByTestId('incident-update').allTextContents()).toEqual([
      expect.stringContaining('Identified — A congested database replica.'),
      expect.stringContaining('Investigating — Changes take minutes to reach our European servers.'),
    ]);
    const history = page.getByTestId('incident-history').getByTestId('incident').filter({ hasText: 'Dropped transfers' });
    expect(await history.count()).toBe(1);
    expect(await history.textContent()).toContain('All regions');
    expect(await history.textContent()).toContain('Resolved — Transfers work again.');
    expect(await page.getByTestId('incident-history').textContent()).toContain('The last 90 days');
    // Signed out, the session check answers 401; nothing else may fail.
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
    await page.screenshot({ path: join(screenshots, 'status-incidents-desktop.png'), fullPage: true });

    // Resolved, it leaves the ongoing list for the history.
    await call('POST', `/incidents/${ongoing.id}/updates`, token, { status: 'resolved', message: 'The replica caught up.' });
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => page.getByTestId('incident-history').getByTestId('incident').count()).toBe(2);
    expect(await page.getByTestId('ongoing-incidents').count()).toBe(0);
  });
});
