// A secondary zone in the dashboard, following a real primary: knotd started here serves the zone;
// the zone is added as secondary in the dialog, its transfer state (the failure before Knot runs,
// then the serials transferred) and its read-only records follow on the zone's page, the TSIG key
// is chosen for the primary there, and a change on Knot arrives by NOTIFY and IXFR.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startKnot, type KnotServer } from '@kaja/test-support/knot';
import { freePort } from '@kaja/test-support/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '@kaja/test-support/dig';
import { type Account, callApi, signedInAccount } from '../../testing/account';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type Platform, startPlatform } from '../../testing/platform';

let platform: Platform;
let browser: Browser;
let account: Account;
let knot: KnotServer | undefined;
let knotPort: number;
const zone = `secondary-${Date.now().toString(36)}.com`;
let zoneId: string;

const zoneText = (www: string, extra = '') => `$TTL 300\n@ SOA ns1 hostmaster 1 3600 600 86400 60\n@ NS ns1\nns1 A 192.0.2.1\nwww A ${www}\n${extra}`;

beforeAll(async () => {
  // The primary is on loopback, which the platform refuses unless the operator allows it.
  [platform, browser] = await Promise.all([startPlatform({ SECONDARY_ALLOWED_CIDRS: '127.0.0.0/8' }), launchBrowser()]);
  account = await signedInAccount(platform, browser.page, 'secondary');
  knotPort = await freePort();
});

afterAll(async () => {
  await knot?.stop();
  await browser?.close();
  await platform?.stop();
});

const state = (term: string) => browser.page.getByTestId(`transfer-${term}`).textContent();
const lastError = () => browser.page.getByTestId('transfer-last-error').textContent();
const recordNames = () => browser.page.getByRole('region', { name: 'Record sets' }).locator('tbody td:first-child').allTextContents();

describe('a secondary zone in the dashboard, following a Knot primary', () => {
  it('adds a secondary zone with its primary, and shows why its first transfer failed', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones`);
    await page.getByRole('button', { name: 'Add zone' }).click();
    await page.getByLabel('Domain name').fill(zone);
    await page.getByRole('radio', { name: /Secondary/ }).click();
    // The form checks the primary before the API does.
    await page.getByLabel('Primary 1 address').fill('');
    await page.getByRole('button', { name: 'Add zone' }).last().click();
    await page.getByText('Enter the IPv4 or IPv6 address of your primary').waitFor();
    await page.getByLabel('Primary 1 address').fill('127.0.0.1');
    await page.getByLabel('Port').fill(String(knotPort));
    await checkScreen(page, 'zone-create-secondary');
    await page.getByRole('button', { name: 'Add zone' }).last().click();
    await page.getByRole('heading', { name: 'Zone added' }).waitFor();
    await page.getByRole('link', { name: `Open ${zone}` }).click();
    await page.getByRole('heading', { name: zone, level: 1 }).waitFor();
    zoneId = page.url().split('/zones/')[1]!;

    // Nothing listens on the primary's port yet: the first transfer fails, and the page says why.
    await expect.poll(lastError).toBe(`Last attempt failed: 127.0.0.1 port ${knotPort}: connection refused`);
    expect(await state('last-serial')).toBe('None yet');
    expect(await state('last-success')).toBe('Never');
    expect(await state('soa-refresh')).toBe('After the first transfer');
    await page.getByText('Read-only: this is a secondary zone').waitFor();
    expect(await page.getByRole('button', { name: 'Add records' }).count()).toBe(0);
    await checkScreen(page, 'zone-secondary-failing');
  });

  it('signs the transfers with the TSIG key chosen for the primary, and shows the records read-only', async () => {
    const { page } = browser;
    const key = (await callApi(platform, account, 'POST', `/zones/${zoneId}/tsig-keys`, { can_transfer: false, can_update: false })).body.data as {
      id: string;
      name: string;
      algorithm: string;
      secret: string;
    };
    knot = await startKnot(
      (dir) => `key:
  - id: ${key.name}
    algorithm: ${key.algorithm}
    secret: ${key.secret}
remote:
  - id: kaja
    address: 127.0.0.1@${platform.dnsPort}
acl:
  - id: signed_transfer
    address: 127.0.0.1
    key: ${key.name}
    action: transfer
template:
  - id: default
    storage: ${dir}
    zonefile-load: difference-no-serial
    journal-content: all
    notify: kaja
zone:
  - domain: ${zone}
    file: ${join(dir, `${zone}.zone`)}
    acl: signed_transfer
`,
      { [`${zone}.zone`]: zoneText('192.0.2.80') },
      { port: knotPort },
    );

    // Knot refuses an unsigned transfer: asked now, the error says so.
    await page.reload();
    await page.getByRole('button', { name: 'Transfer now' }).click();
    await page.getByText('Checking the primaries now').waitFor();
    await expect.poll(lastError).toMatch(new RegExp(`^Last attempt failed: 127\\.0\\.0\\.1 port ${knotPort} refused the transfer \\((NOTAUTH|REFUSED)\\)$`));

    await page.getByLabel('TSIG key').selectOption({ label: key.name });
    await page.getByRole('button', { name: 'Save primaries' }).click();
    await page.getByText('Primaries saved').waitFor();
    await expect.poll(() => state('last-serial')).toBe('1');
    expect(await page.getByTestId('transfer-last-error').count()).toBe(0);
    expect(await state('last-success')).not.toBe('Never');
    await page.getByText('The last attempt succeeded.').waitFor();
    // The SOA's timers, and the next check and the end of service they make.
    expect([await state('soa-refresh'), await state('soa-retry'), await state('soa-expire')]).toEqual([
      '3600 s (1 hour)',
      '600 s (10 minutes)',
      '86400 s (1 day)',
    ]);
    const secondary = (await callApi(platform, account, 'GET', `/zones/${zoneId}`)).body.data.secondary;
    expect(Date.parse(secondary.next_refresh_at) - Date.parse(secondary.last_success_at)).toBe(3600_000);
    expect(await state('next-check')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(secondary.next_refresh_at)),
    );
    await expect.poll(recordNames).toEqual(['@', '@', 'ns1', 'www']);
    // No selection, no edit or delete buttons: the records are the primary's.
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect((await callApi(platform, account, 'GET', `/zones/${zoneId}`)).body.data.secondary.primaries).toEqual([
      { address: '127.0.0.1', port: knotPort, tsig_key_id: key.id },
    ]);
    await checkScreen(page, 'zone-secondary');
    expect((await dig(platform.dnsPort, `www.${zone}`, 'A', { args: ['+norec'] })).answer).toEqual([`www.${zone}. 300 IN A 192.0.2.80`]);
  });

  it('follows a change on the primary without a reload: NOTIFY, IXFR, the new serial and records on the page', async () => {
    const { page } = browser;
    await writeFile(join(knot!.dir, `${zone}.zone`), zoneText('192.0.2.81', 'new TXT "added on the primary"\n'));
    await knot!.control('zone-reload', zone);
    await expect.poll(() => state('last-serial')).toBe('2');
    await expect.poll(recordNames).toEqual(['@', '@', 'new', 'ns1', 'www']);
    await page.getByText('192.0.2.81').waitFor();
    expect(knot!.log()).toMatch(/IXFR, outgoing, remote 127\.0\.0\.1@\d+, started, serial 1 -> 2/);
    expect((await dig(platform.dnsPort, `www.${zone}`, 'A', { args: ['+norec'] })).answer).toEqual([`www.${zone}. 300 IN A 192.0.2.81`]);
  });
});
