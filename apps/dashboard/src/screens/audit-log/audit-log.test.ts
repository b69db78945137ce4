import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { callApi, type Owner, signUpOwner } from '../../testing/owner';
import { type PlatformInUse, sharedPlatform } from '../../testing/platform';

let platform: PlatformInUse;
// The platform is shared with other files (`sharedPlatform`): zone names of this file's own.
const stamp = Date.now().toString(36);
const [first, second] = [`audit-${stamp}.com`, `audit-${stamp}.net`];
let browser: Browser;
let owner: Owner;
let page: Page;

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
  page = browser.page;
  owner = await signUpOwner(platform, page);
  // Changes to log: two zones, 30 record additions in the first and 2 in the second, one API key.
  const zoneIds: string[] = [];
  for (const name of [first, second]) {
    const created = await callApi(platform, owner.apiKey, 'POST', '/zones', { name, type: 'primary', ttl: 3600 });
    expect(created.status).toBe(201);
    zoneIds.push(created.body.data.id);
  }
  for (const [zoneId, count] of [
    [zoneIds[0], 30],
    [zoneIds[1], 2],
  ] as const) {
    for (let index = 1; index <= count; index++) {
      const added = await callApi(platform, owner.apiKey, 'POST', `/zones/${zoneId}/records`, {
        type: 'A',
        name: `host${index}`,
        content: `192.0.2.${index}`,
        ttl: 300,
      });
      expect(added.status).toBe(201);
    }
  }
  const session = await callApi(platform, owner.authToken, 'GET', '/auth/session');
  const key = await callApi(platform, owner.apiKey, 'POST', `/users/${session.body.data.user.id}/apikeys`, { name: 'ci', scopes: ['zones:read'] });
  expect(key.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
});

describe('the audit log in the dashboard', () => {
  const rows = () => page.getByRole('table', { name: 'Audit events' }).locator('tbody tr');
  const range = () => page.getByRole('navigation', { name: 'Audit log pages' }).locator('p');
  const cellTexts = async (column: number) => (await rows().all()).map((row) => row.locator('td').nth(column).textContent());

  it('shows who did what and when, newest first, in words', async () => {
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const newest = rows().first();
    await newest.waitFor();
    expect(await newest.textContent()).toContain('Created API key “ci”');
    await expect.poll(() => newest.textContent()).toContain(`Olivia Owner (${owner.email}) with API key “Default”`);
    expect(await newest.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await range().textContent()).toMatch(/^1–25 of \d+$/);
    await checkScreen(page, 'audit-log');
  });

  it('filters by zone and pages through its events', async () => {
    await page.getByLabel('Zone').selectOption({ label: first });
    await expect.poll(() => range().textContent()).toBe('1–25 of 31');
    expect(new URL(page.url()).searchParams.get('zone')).toMatch(/^[0-9a-f-]{36}$/);
    for (const text of await Promise.all(await cellTexts(2))) expect(text).toContain(first);
    expect(await rows().first().textContent()).toContain(`Added records in ${first}: host30 A`);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => range().textContent()).toBe('26–31 of 31');
    expect(await rows().count()).toBe(6);
    expect(await rows().last().textContent()).toContain(`Created zone ${first}`);
    await checkScreen(page, 'audit-log-zone-page-2');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => range().textContent()).toBe('1–25 of 31');
  });

  it('filters by action, alone and with the zone, and says when nothing matches', async () => {
    await page.getByLabel('Action').selectOption('records.added');
    await expect.poll(() => range().textContent()).toBe('1–25 of 30');
    for (const text of await Promise.all(await cellTexts(3))) expect(text).toBe('records.added');

    await page.getByLabel('Zone').selectOption({ label: 'Every zone and the account' });
    await expect.poll(() => range().textContent()).toBe('1–25 of 32');

    await page.getByLabel('Action').selectOption('api_key.*');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await range().count()).toBe(0);
    expect(await rows().first().textContent()).toContain('Created API key “ci”');

    await page.getByLabel('Action').selectOption('zone.deleted');
    await page.getByText('No events match these filters').waitFor();
    await checkScreen(page, 'audit-log-empty');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => range().textContent()).toMatch(/^1–25 of \d+$/);
  });

  it('shows the API’s refusal of a filter as the list’s error, with a way to try again', async () => {
    await page.goto(`${platform.appUrl}/audit-log?action=${'x'.repeat(101)}`);
    const error = page.getByRole('alert').filter({ hasText: 'Could not load the audit log' });
    await error.waitFor();
    await error.getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByText('API Error').first().waitFor();
    await checkScreen(page, 'audit-log-error');
    expect(browser.errors).toEqual([]);
  });
});
