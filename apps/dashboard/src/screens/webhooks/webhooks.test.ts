import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '@kaja/test-support/webhookReceiver';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { callApi, type Owner, signUpOwner } from '../../testing/owner';
import { type Platform, startPlatform } from '../../testing/platform';

let platform: Platform;
let browser: Browser;
let receiver: WebhookReceiver;
let owner: Owner;
let zoneId = '';

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The receiver listens on loopback, which the operator allows here.
  [platform, browser] = await Promise.all([startPlatform({ WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8' }), launchBrowser()]);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.appUrl });
  owner = await signUpOwner(platform, browser.page);
  const created = await callApi(platform, owner.apiKey, 'POST', '/zones', { name: 'example.com', type: 'primary', ttl: 3600 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  zoneId = created.body.data.id;
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await receiver?.close();
});

describe('webhooks in the dashboard', () => {
  const url = () => `${receiver.origin}/kaja`;
  const deliveryRows = () => browser.page.getByRole('table', { name: 'Deliveries' }).getByRole('row');

  it('shows no endpoints at first', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByText('No webhook endpoints yet').waitFor();
    await checkScreen(page, 'webhooks-empty');
  });

  it('adds an endpoint for chosen events and shows its secret once', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill('ftp://nowhere');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await dialog.getByText('Enter an http:// or https:// address').waitFor();
    await dialog.getByLabel('Endpoint URL').fill(url());
    await dialog.getByLabel('Description').fill('deploy bot');
    await dialog.getByRole('radio', { name: 'Only the events chosen' }).click();
    await dialog.getByRole('checkbox', { name: /zone\.records_changed/ }).check();
    await checkScreen(page, 'webhooks-create');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Webhook endpoint added' });
    await shown.waitFor();
    const secret = (await shown.getByLabel('Signing secret', { exact: true }).textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await checkScreen(page, 'webhooks-secret');
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.keyboard.press('Escape');

    const row = page.getByRole('row').filter({ hasText: url() });
    await row.waitFor();
    expect(await row.textContent()).toContain('zone.records_changed');
    expect(await row.textContent()).toContain('Enabled');
    await checkScreen(page, 'webhooks');
  });

  it('logs the delivery of a record change with the receiver’s status code', async () => {
    const { page } = browser;
    receiver.respond((_request, response) => void response.writeHead(202).end('accepted'));
    const added = await callApi(platform, owner.apiKey, 'POST', `/zones/${zoneId}/records`, { type: 'A', name: 'www', content: ['192.0.2.1'], ttl: 300 });
    expect(added.status).toBe(201);
    const request = await receiver.waitFor((entry) => entry.path === '/kaja');
    expect(JSON.parse(request.body)).toMatchObject({ type: 'zone.records_changed', data: { zone: { id: zoneId, name: 'example.com' } } });
    expect(request.headers['webhook-signature']).toMatch(/^v1,/);

    await page.getByRole('link', { name: url() }).click();
    await page.getByRole('heading', { name: url() }).waitFor();
    const row = deliveryRows().filter({ hasText: 'zone.records_changed' });
    await row.waitFor();
    await expect.poll(async () => await row.textContent()).toContain('Delivered');
    expect(await row.textContent()).toContain('202');
    await row.getByText('1 attempt').click();
    await row.getByText('accepted').waitFor();
    await checkScreen(page, 'webhook-deliveries');
  });

  it('sends a test event that fails with 500, then redelivers it once the receiver works', async () => {
    const { page } = browser;
    receiver.respond((_request, response) => void response.writeHead(500).end('broken'));
    await page.getByRole('button', { name: 'Send test event' }).click();
    const row = deliveryRows().filter({ hasText: 'webhook.test' });
    await expect.poll(async () => await row.textContent(), { timeout: 20_000 }).toContain('Answered 500');
    expect(await row.textContent()).toContain('Retrying');

    receiver.respond((_request, response) => void response.writeHead(204).end());
    const before = receiver.received.length;
    await row.getByRole('button', { name: /^Redeliver webhook\.test/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(before);
    const resent = receiver.received.at(-1)!;
    expect(JSON.parse(resent.body).type).toBe('webhook.test');
    // A new delivery of the same event, newest first in the log.
    await expect.poll(async () => await deliveryRows().filter({ hasText: 'webhook.test' }).count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(async () => await deliveryRows().filter({ hasText: 'webhook.test' }).first().textContent(), { timeout: 20_000 }).toContain('Delivered');
  });

  it('disables and enables the endpoint, replaces its secret, and deletes it', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('alertdialog', { name: 'Disable this endpoint?' }).getByRole('button', { name: 'Disable endpoint' }).click();
    await page.getByText('Disabled: Disabled by a person').waitFor();
    await checkScreen(page, 'webhook-disabled');
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('button', { name: 'Disable' }).waitFor();

    await page.getByRole('button', { name: 'Replace secret' }).click();
    await page.getByRole('alertdialog', { name: 'Replace the signing secret?' }).getByRole('button', { name: 'Replace secret' }).click();
    const shown = page.getByRole('dialog', { name: 'Signing secret replaced' });
    expect((await shown.getByLabel('Signing secret', { exact: true }).textContent())!.trim()).toMatch(/^whsec_/);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
    await page.getByText('No webhook endpoints yet').waitFor();
    expect((await callApi(platform, owner.apiKey, 'GET', '/webhooks')).body.data).toEqual([]);
    expect(browser.errors).toEqual([]);
  });
});
