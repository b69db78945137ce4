import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen } from '../../testing/browser';
import { type Account, callApi, createZone } from '../../testing/account';
import type { Platform } from '../../testing/platform';
import { startConsole, useSessionIn } from '../../testing/staff';

let platform: Platform;
let browser: Browser;
let page: Page;
let customer: Account;
let staffToken: string;

beforeAll(async () => {
  ({ platform, browser, page, customer, staffToken } = await startConsole('console-customer'));
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const main = () => page.getByRole('navigation', { name: 'Main' });
/** When the customer's trial ends, as staff read it. */
async function trialEnd(customerId: string): Promise<string> {
  const response = await fetch(`${platform.apiUrl}/customers/${customerId}/overview`, { headers: { authorization: `Bearer ${staffToken}` } });
  return ((await response.json()) as { data: { customer: { subscription: { trial_ends_at: string } } } }).data.customer.subscription.trial_ends_at;
}

describe('customers in the operator console', () => {
  it('are not shown to a customer, whom the API refuses the staff calls', async () => {
    await main().getByRole('link', { name: 'Audit log' }).waitFor();
    expect(await main().getByRole('link', { name: 'Customers' }).count()).toBe(0);
    await page.goto(`${platform.appUrl}/customers`);
    await page.getByText('Only platform staff can see the customers.').waitFor();
    const customerId = (await callApi(platform, customer, 'GET', '/customers')).body.data[0].id as string;
    const refused = await callApi(platform, customer, 'GET', `/customers/${customerId}/overview`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });

  it('lets staff find a customer, read its zones and suspend, unsuspend and extend its trial, each audited', async () => {
    const zone = await createZone(platform, customer, 'console');
    await useSessionIn(page, platform, staffToken);
    await main().getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByLabel('Name, member’s e-mail or id').fill(customer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('table', { name: 'Customers' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr td').nth(1).textContent()).toBe('Trial');
    await checkScreen(page, 'customers');

    await table.getByRole('link', { name: 'Test Networks OÜ' }).click();
    await page.getByRole('heading', { name: 'Test Networks OÜ', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Zones' }).getByRole('cell', { name: zone.name }).waitFor();
    await page.getByRole('table', { name: 'Members' }).getByRole('cell', { name: customer.email }).waitFor();

    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend this account?' });
    await dialog.getByLabel('Reason').fill('Phishing pages reported');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('Suspended (by staff)').waitFor();
    await page.getByText('Suspended the account: Phishing pages reported').waitFor();
    const write = await callApi(platform, customer, 'POST', '/zones', { name: `refused-${Date.now().toString(36)}.com` });
    expect(write.body.error).toMatchObject({ code: 'account_read_only', details: { reason: 'suspended_by_staff' } });
    await checkScreen(page, 'customer');

    await page.getByRole('button', { name: 'Unsuspend' }).click();
    const lift = page.getByRole('dialog', { name: 'Lift the suspension?' });
    await lift.getByLabel('Reason').fill('Pages removed');
    await lift.getByRole('button', { name: 'Unsuspend' }).click();
    await page.getByText('Lifted the account’s suspension: Pages removed').waitFor();

    const customerId = new URL(page.url()).pathname.split('/').pop()!;
    const before = await trialEnd(customerId);
    await page.getByRole('button', { name: 'Extend trial' }).click();
    const extend = page.getByRole('dialog', { name: 'Extend the trial' });
    await extend.getByLabel('Days (1 to 30)').fill('14');
    await extend.getByRole('button', { name: 'Extend' }).click();
    await expect.poll(() => trialEnd(customerId)).toBe(new Date(new Date(before).getTime() + 14 * 24 * 3600_000).toISOString());
  });
});
