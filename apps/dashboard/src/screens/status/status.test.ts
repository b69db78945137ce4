import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { type Browser, checkScreen } from '../../testing/browser';
import { type Account, callApi } from '../../testing/account';
import type { Platform } from '../../testing/platform';
import { callAs, startConsole, useSessionIn } from '../../testing/staff';

let platform: Platform;
let browser: Browser;
let page: Page;
let customer: Account;
let staffToken: string;
const call = (method: string, path: string, token?: string, body?: unknown) => callAs(platform, method, path, token, body);

beforeAll(async () => {
  // The platform's DNS thread heartbeats as a node of Europe on the EU network, and writes its query counts every second.
  ({ platform, browser, page, customer, staffToken } = await startConsole('customer', {
    DNS_REGION: 'Europe',
    DNS_NETWORK: 'EU',
    DNS_QUERY_COUNTS_INTERVAL: '1',
  }));
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('the Status screen for platform staff', () => {
  it('is not shown to customers, and the API refuses them its calls', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Status' }).count()).toBe(0);
    await page.goto(`${platform.appUrl}/status`);
    await page.getByText('Only platform staff can see the platform’s status here').waitFor();
    const region = (await call('GET', '/regions')).body.data[0].id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/dns-nodes'],
      ['GET', '/dns-query-totals'],
      ['PUT', `/regions/${region}`, { status: 'offline' }],
      ['POST', '/incidents', { title: 'Not mine to post', impact: 'minor', region_ids: [], message: 'No.' }],
    ];
    for (const [method, path, body] of calls) {
      const refused = await call(method, path, customer.authToken, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
    }
  });

  it('shows the regions with their nodes and the queries per network, and sets a region’s status', async () => {
    // Queries the EU node answers for a customer's zone, counted into the EU network's total.
    const zone = `status-${Date.now().toString(36)}.com`;
    expect((await callApi(platform, customer, 'POST', '/zones', { name: zone })).status).toBe(201);
    await expect.poll(async () => (await dig(platform.dnsPort, zone, 'SOA')).rcode, { timeout: 15_000 }).toBe('NOERROR');
    for (let i = 0; i < 3; i++) await dig(platform.dnsPort, zone, 'A');
    await expect
      .poll(async () => (await call('GET', '/dns-query-totals?days=2', staffToken)).body.data.networks[0].total, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(4);
    // The node tells of the zones it holds in its next heartbeat, which may come after the zone answers.
    await expect.poll(async () => (await call('GET', '/dns-nodes', staffToken)).body.data[0].zones_loaded, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

    await useSessionIn(page, platform, staffToken);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Status' }).click();
    await page.getByRole('heading', { name: 'Status', level: 1 }).waitFor();

    const europeNodes = page.getByRole('table', { name: 'Nodes of Europe' });
    await europeNodes.waitFor();
    const [node] = (await call('GET', '/dns-nodes', staffToken)).body.data;
    const nodeRow = europeNodes.locator('tbody tr');
    expect(await nodeRow.count()).toBe(1);
    const cells = await nodeRow.locator('td').allTextContents();
    expect(cells[0]).toContain(node.name);
    expect(cells[0]).toContain('Online');
    expect(cells[1]).toBe('EU');
    expect(cells[2]).toMatch(/^\d+ s ago$/);
    expect(cells[3]).toBe(node.version);
    expect(Number(cells[4])).toBeGreaterThanOrEqual(1);
    expect(cells[5]).toMatch(/^\d+\.\d s$/);
    await page
      .getByRole('heading', { name: /Europe/, level: 3 })
      .getByText('Online')
      .waitFor();

    const euRow = page.getByRole('table', { name: 'Queries per network' }).locator('tbody tr').filter({ hasText: 'EU network' });
    await euRow.waitFor();
    expect(Number((await euRow.locator('td').nth(3).textContent())!.replace(/\D/g, ''))).toBeGreaterThanOrEqual(4);
    // The chart (recharts, loaded after the rest) draws the days.
    await page.locator('.recharts-bar-rectangle').first().waitFor();

    // A region without nodes shows what staff set.
    const africa = (await call('GET', '/regions')).body.data.find((item: { name: string }) => item.name === 'Africa');
    expect(africa.staff_status).toBe('NA');
    await page
      .getByRole('region', { name: /Africa/ })
      .getByLabel('Status set by staff')
      .selectOption('offline');
    await expect.poll(async () => (await call('GET', `/regions/${africa.id}`)).body.data.status).toBe('offline');
    await page
      .getByRole('heading', { name: /Africa/, level: 3 })
      .getByText('Offline')
      .waitFor();
    await checkScreen(page, 'status');
  });

  it('posts an incident with its first update, updates and corrects it, as the public status page then shows, and deletes it', async () => {
    await page.goto(`${platform.appUrl}/status`);
    await page.getByText('Post an incident').click();
    const form = page.getByRole('form', { name: 'New incident' });
    await form.getByLabel('Title').fill('Slow zone changes in Europe');
    await form.getByLabel('Impact').selectOption('minor');
    await form.getByLabel('Europe').check();
    await form.getByLabel('First update').fill('Changes take minutes to be served; we are looking into it.');
    await checkScreen(page, 'status-new-incident');
    await form.getByRole('button', { name: 'Post incident' }).click();

    const card = page.getByRole('article', { name: 'Slow zone changes in Europe' });
    await card.waitFor();
    expect(await card.getByRole('list', { name: 'Updates, newest first' }).textContent()).toContain('Changes take minutes to be served');
    const [posted] = (await call('GET', '/incidents')).body.data;
    expect(posted).toMatchObject({ title: 'Slow zone changes in Europe', impact: 'minor', status: 'investigating', regions: [{ name: 'Europe' }] });

    await card.getByText('Post an update').click();
    const update = card.getByRole('form', { name: 'Update of Slow zone changes in Europe' });
    await update.getByLabel('Status').selectOption('identified');
    await update.getByLabel('Update').fill('A congested database replica.');
    await update.getByRole('button', { name: 'Post update' }).click();
    await card.getByText('Identified', { exact: true }).first().waitFor();
    await expect.poll(async () => (await call('GET', `/incidents/${posted.id}`)).body.data.status).toBe('identified');

    await card.getByText('Correct title, impact or regions').click();
    const correction = card.getByRole('form', { name: 'Correction of Slow zone changes in Europe' });
    await correction.getByLabel('Impact').selectOption('major');
    await correction.getByRole('button', { name: 'Save correction' }).click();
    await expect.poll(async () => (await call('GET', `/incidents/${posted.id}`)).body.data.impact).toBe('major');
    await checkScreen(page, 'status-incident');

    // The public status page shows it with both updates.
    const site = await browser.context.newPage();
    await site.goto(`${platform.url}/status`);
    const shown = site.getByTestId('ongoing-incidents').getByTestId('incident').filter({ hasText: 'Slow zone changes in Europe' });
    await shown.waitFor();
    expect(await shown.getByTestId('incident-update').allTextContents()).toEqual([
      expect.stringContaining('A congested database replica.'),
      expect.stringContaining('Changes take minutes to be served'),
    ]);
    await site.close();

    await card.getByRole('button', { name: 'Delete the incident Slow zone changes in Europe' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete incident' }).click();
    await expect.poll(() => card.count()).toBe(0);
    expect((await call('GET', `/incidents/${posted.id}`)).status).toBe(404);
  });
});
