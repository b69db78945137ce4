import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen } from '../../testing/browser';
import { type Account, callApi } from '../../testing/account';
import type { Platform } from '../../testing/platform';
import { startConsole, useSessionIn } from '../../testing/staff';

let platform: Platform;
let browser: Browser;
let page: Page;
let customer: Account;
let staffToken: string;

beforeAll(async () => {
  ({ platform, browser, page, customer, staffToken } = await startConsole('support-customer'));
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const main = () => page.getByRole('navigation', { name: 'Main' });

describe('support requests in the operator console', () => {
  it('are not shown to a customer, whom the API refuses them', async () => {
    await main().getByRole('link', { name: 'Audit log' }).waitFor();
    expect(await main().getByRole('link', { name: 'Support requests' }).count()).toBe(0);
    await page.goto(`${platform.appUrl}/support-requests`);
    await page.getByText('Only platform staff can see the support requests.').waitFor();
    const refused = await callApi(platform, customer, 'GET', '/support');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });

  it('shows staff the requests newest first, with a reply by mail, and marks one answered', async () => {
    for (const subject of ['Transfer of example.org', 'Invoice address']) {
      const sent = await fetch(`${platform.apiUrl}/support`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Grace Hopper', email: 'grace@example.com', subject, message: 'Hello,\nplease help.', source: '/support' }),
      });
      expect(sent.status).toBe(201);
    }
    await useSessionIn(page, platform, staffToken);
    await main().getByRole('link', { name: 'Support requests' }).click();
    const table = page.getByRole('table', { name: 'Support requests' });
    await table.getByRole('link', { name: 'Invoice address' }).waitFor();
    expect(await table.locator('tbody tr').first().getByRole('link').textContent()).toBe('Invoice address');
    await checkScreen(page, 'support-requests');

    await table.getByRole('link', { name: 'Transfer of example.org' }).click();
    await page.getByRole('heading', { name: 'Transfer of example.org', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Reply by mail' }).getAttribute('href')).toBe(
      'mailto:grace@example.com?subject=Re%3A%20Transfer%20of%20example.org',
    );
    await page.getByRole('button', { name: 'Mark answered' }).click();
    await page.getByRole('button', { name: 'Mark open again' }).waitFor();
    await checkScreen(page, 'support-request');
    await page.getByRole('link', { name: 'All support requests' }).click();
    await page.getByLabel('Show').selectOption('open');
    await expect.poll(() => table.getByRole('link', { name: 'Transfer of example.org' }).count()).toBe(0);
    await table.getByRole('link', { name: 'Invoice address' }).waitFor();
  });
});
