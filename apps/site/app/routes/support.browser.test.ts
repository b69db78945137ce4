import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { SUPPORT_EMAIL, open, platform, test } from '../../test/sitePages';

describe('support form', () => {
  async function fill(page: Page, message: { name: string; email: string; subject: string; message: string }) {
    await page.getByLabel('Name *').fill(message.name);
    await page.getByLabel('Email *').fill(message.email);
    await page.getByLabel('Subject *').fill(message.subject);
    await page.getByLabel('Message *').fill(message.message);
  }

  test('marks every field required, sends to POST /v1/support showing Sending..., then confirms and clears the form', async ({ newPage }) => {
    const { page } = await newPage();
    await open(page, '/support');
    for (const label of ['Name *', 'Email *', 'Subject *', 'Message *']) expect(await page.getByLabel(label).getAttribute('required')).toBe('');
    expect(await page.getByLabel('Email *').getAttribute('type')).toBe('email');

    // Hold the request briefly so the sending state can be seen; it still goes to the real API.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/v1/support', async (route) => {
      await held;
      await route.continue();
    });
    await fill(page, { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'DNSSEC question', message: 'How long does DS propagation take?' });
    const request = page.waitForRequest('**/v1/support');
    const response = page.waitForResponse('**/v1/support');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect.poll(() => sending.isDisabled()).toBe(true);
    release();
    expect((await request).postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'DNSSEC question',
      message: 'How long does DS propagation take?',
      source: `${platform.url}/support`,
    });
    expect((await response).status()).toBeLessThan(300);
    await expect.poll(() => page.getByRole('status').getByText('Message sent successfully!').count()).toBe(1);
    expect(await page.getByText("We'll get back to you within 24 hours.").count()).toBeGreaterThan(0);
    for (const label of ['Name *', 'Email *', 'Subject *', 'Message *']) expect(await page.getByLabel(label).inputValue()).toBe('');
    await page.context().close();
  });

  test("shows the server's error message when the API rejects the message", async ({ newPage }) => {
    const { page } = await newPage();
    await open(page, '/support');
    await fill(page, { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'x'.repeat(20_000) });
    const response = page.waitForResponse('**/v1/support');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const body = await (await response).json();
    expect(body.status).toBe('error');
    expect(body.error.message).toBeTruthy();
    await expect.poll(() => page.getByRole('alert').getByText('Error sending message').count()).toBe(1);
    expect(await page.getByRole('alert').getByText(body.error.message).count()).toBe(1);
    expect(await page.getByLabel('Subject *').inputValue()).toBe('Hi');
    await page.context().close();
  });

  test('falls back to the support address when no server message arrives', async ({ newPage }) => {
    const { page } = await newPage();
    await open(page, '/support');
    await page.route('**/v1/support', (route) => route.abort('connectionrefused'));
    await fill(page, { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.getByText('Error sending message').count()).toBe(1);
    expect(await page.getByText(`Please try again or email us directly at ${SUPPORT_EMAIL}`).count()).toBe(1);
    await page.context().close();
  });
});
