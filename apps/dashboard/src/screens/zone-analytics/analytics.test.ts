import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { callApi, type Owner, signUpOwner } from '../../testing/owner';
import { type Platform, startPlatform } from '../../testing/platform';

const run = promisify(execFile);

let platform: Platform;
let browser: Browser;
let owner: Owner;
let zone: { id: string; name: string };

beforeAll(async () => {
  // The DNS server writes its query counts every 2 s instead of every minute.
  [platform, browser] = await Promise.all([startPlatform({ DNS_QUERY_COUNTS_INTERVAL: '2' }), launchBrowser()]);
  owner = await signUpOwner(platform, browser.page, 'analytics');
  const created = await callApi(platform, owner.apiKey, 'POST', '/zones', { name: `analytics-${Date.now().toString(36)}.com` });
  zone = created.body.data;
  const record = await callApi(platform, owner.apiKey, 'POST', `/zones/${zone.id}/records`, { type: 'A', name: 'www', content: '192.0.2.10', ttl: 300 });
  if (record.status !== 201) throw new Error(`record creation failed: ${record.status}`);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** One query to the platform's DNS server, as a resolver sends it; answers the status dig prints. */
const dig = async (name: string, type: string) => {
  const { stdout } = await run('dig', ['@127.0.0.1', '-p', String(platform.dnsPort), '+norecurse', '+time=2', '+tries=1', name, type]);
  return stdout.match(/status: (\w+)/)?.[1];
};

/** The rows of one of the screen's tables (the charts' numbers), as "name: count". */
const tableRows = (name: string) =>
  browser.page
    .getByRole('table', { name })
    .getByRole('row')
    .evaluateAll((rows) => rows.slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent).join(': ')));

describe('query analytics of a zone', () => {
  it('shows the zone’s empty window first, with the note that Pro has the breakdown', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones/${zone.id}`);
    await page.getByRole('navigation', { name: 'Zone' }).getByRole('link', { name: 'Analytics' }).click();
    await page.getByRole('heading', { name: 'Analytics' }).waitFor();
    await page.getByText('No queries in this window yet.').waitFor();
    await page.getByText(/come with advanced metrics in the Pro plan/).waitFor();
    expect(await page.getByRole('table', { name: 'Queries over time' }).getByRole('row').count()).toBeGreaterThanOrEqual(24);
    await checkScreen(page, 'zone-analytics-empty');
  });

  it('counts real queries once the DNS server has written them, in the chart’s table', async () => {
    const { page } = browser;
    for (let index = 0; index < 3; index++) expect(await dig(`www.${zone.name}`, 'A')).toBe('NOERROR');
    for (let index = 0; index < 2; index++) expect(await dig(`missing.${zone.name}`, 'A')).toBe('NXDOMAIN');
    expect(await dig(zone.name, 'MX')).toBe('NOERROR');
    // Reload until the DNS server's next write of its counts is in.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('table', { name: 'Queries over time' }).waitFor({ state: 'attached' });
          return (await tableRows('Queries over time')).some((row) => row.endsWith(': 6'));
        },
        // Far less than the default interval of a minute: the test also shows DNS_QUERY_COUNTS_INTERVAL reaches the DNS thread.
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await page.getByText(/^6$/).first().waitFor();
    expect(await page.getByRole('table', { name: 'By query type' }).count()).toBe(0);
    await checkScreen(page, 'zone-analytics-nano');
  });

  it('on Pro, breaks the queries down by type and response code, with the NXDOMAIN share', async () => {
    const { page } = browser;
    const customer = (await callApi(platform, owner.apiKey, 'GET', '/customers')).body.data[0];
    await callApi(platform, owner.apiKey, 'PUT', `/customers/${customer.id}`, {
      billing_address: { line1: 'Narva mnt 5', postal_code: '10117', city: 'Tallinn', country: 'EE' },
    });
    const checkout = await callApi(platform, owner.authToken, 'POST', '/subscriptions/checkout', { plan_id: 'pro' });
    expect(checkout.status).toBe(201);

    await page.reload();
    await page.getByRole('table', { name: 'By query type' }).waitFor({ state: 'attached' });
    expect(await tableRows('By query type')).toEqual(['A: 5', 'MX: 1']);
    expect(await tableRows('By response code')).toEqual(['NOERROR: 4', 'NXDOMAIN: 2']);
    await page.getByText(/33\.3% of them NXDOMAIN/).waitFor();
    await checkScreen(page, 'zone-analytics-pro');

    await page.getByRole('button', { name: '7 days' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Queries over time' }).getByRole('row').count()).toBeLessThanOrEqual(30);
    expect(await page.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(await tableRows('By query type')).toEqual(['A: 5', 'MX: 1']);
    expect(browser.errors).toEqual([]);
  });
});
