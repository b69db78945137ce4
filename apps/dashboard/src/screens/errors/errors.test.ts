import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen } from '../../testing/browser';
import type { Account } from '../../testing/account';
import { type Platform, root } from '../../testing/platform';
import { callAs, startConsole, useSessionIn } from '../../testing/staff';

let platform: Platform;
let browser: Browser;
let page: Page;
let customer: Account;
let staffToken: string;

/** Calls `/v1<path>` as `token`, answering the status and the parsed envelope. */
const call = (method: string, path: string, token?: string, body?: unknown) => callAs(platform, method, path, token, body);

/** The line of `text` in a source file of the repository, counted from 1. */
const lineOf = (file: string, text: string) =>
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .findIndex((line) => line.includes(text)) + 1;

/** Waits for the issue the platform grouped a reported error into, and answers it with its events. */
async function reportedIssue(source: string, type: string) {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const issues = (await call('GET', `/errors?source=${source}`, staffToken)).body.data as { id: string; type: string }[];
        id = issues.find((issue) => issue.type === type)?.id;
        return id;
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBeDefined();
  return (await call('GET', `/errors/${id}`, staffToken)).body.data;
}

beforeAll(async () => {
  // Error reporting is off in tests unless one turns it on, as this one does.
  ({ platform, browser, page, customer, staffToken } = await startConsole('customer', { ERROR_REPORTING: 'on' }));
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('errors for platform staff', () => {
  it('are not shown to customers, and the API refuses them every errors call', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Errors' }).count()).toBe(0);
    await page.goto(`${platform.appUrl}/errors`);
    await page.getByText('Only platform staff can see the errors.').waitFor();
    const some = (await call('GET', '/errors', staffToken)).body.data[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    for (const path of ['/errors', '/errors?source=dashboard', `/errors/${some}`]) {
      const refused = await call('GET', path, customer.authToken);
      expect(refused.status, path).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
    }
  });

  it('shows an error thrown in the dashboard, grouped, with its stack in the sources', async () => {
    await useSessionIn(page, platform, staffToken);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Errors' }).click();
    await page.getByRole('heading', { name: 'Errors', level: 1 }).waitFor();
    const sendTestError = () => page.getByRole('button', { name: 'Send a test error' }).click();
    await sendTestError();
    const sourceFile = 'apps/dashboard/src/screens/errors/route.tsx';
    const line = lineOf(sourceFile, "throw new Error('Test error from the Errors screen')");
    let issue = await reportedIssue('dashboard', 'Error');
    // Again after a reload (within a page, the SDK drops a repeat of the same error): one issue, two events.
    await page.reload();
    await sendTestError();
    await expect.poll(async () => (issue = (await call('GET', `/errors/${issue.id}`, staffToken)).body.data).event_count, { timeout: 15_000 }).toBe(2);
    expect(issue).toMatchObject({ message: 'Test error from the Errors screen', culprit: `${sourceFile}:${line}` });
    expect(issue.events[0].frames[0]).toMatchObject({ file: sourceFile, line, mapped: true });
    expect(issue.events[0]).toMatchObject({ route: '/errors', browser: expect.stringMatching(/^Chrome \d+/) });

    await page.reload();
    const link = page.getByRole('link', { name: 'Error: Test error from the Errors screen' });
    await link.waitFor();
    const row = page.getByRole('table', { name: 'Error issues' }).locator('tbody tr').filter({ has: link });
    expect(await row.locator('td').nth(2).textContent()).toBe('2');
    await checkScreen(page, 'errors');
    await link.click();
    const stack = page.getByRole('list', { name: 'Stack, innermost first' }).first();
    await stack.waitFor();
    expect(await stack.locator('li').first().textContent()).toContain(`${sourceFile}:${line}`);
    await checkScreen(page, 'error-issue');

    // Resolved: marked so in the list; muted: out of the list until asked for.
    await page.getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('button', { name: 'Reopen' }).waitFor();
    expect((await call('GET', `/errors/${issue.id}`, staffToken)).body.data.state).toBe('resolved');
    await page.getByRole('button', { name: 'Mute' }).click();
    await expect.poll(async () => (await call('GET', `/errors/${issue.id}`, staffToken)).body.data.state).toBe('muted');
    await page.getByRole('link', { name: 'All errors' }).click();
    // The list loaded: a table of the other errors, or its empty state when this was the only one.
    await page.getByRole('table', { name: 'Error issues' }).or(page.getByText('No errors reported')).waitFor();
    await expect.poll(() => link.count()).toBe(0);
    await page.getByLabel('Show').selectOption('muted');
    await link.waitFor();
    expect(await page.getByRole('table', { name: 'Error issues' }).locator('tbody tr').filter({ has: link }).textContent()).toContain('Muted');
    await checkScreen(page, 'errors-muted');
    const refused = await call('PUT', `/errors/${issue.id}/state`, customer.authToken, { state: 'open' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
  });

  it('shows an error thrown in the site with its stack in the sources', async () => {
    const site = await browser.context.newPage();
    // The page as a broken deployment might serve it: an island's props that are not JSON.
    await site.route(`${platform.url}/`, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain('data-props="{}"');
      await route.fulfill({ response, body: html.replace('data-props="{}"', 'data-props="{"') });
    });
    await site.goto(`${platform.url}/`);
    const issue = await reportedIssue('site', 'SyntaxError');
    const sourceFile = 'apps/site/app/islands/hydrate.client.tsx';
    const frame = issue.events[0].frames.find((item: { file: string }) => item.file === sourceFile);
    expect(frame).toMatchObject({ line: lineOf(sourceFile, "props: JSON.parse(element.dataset.props ?? '{}')"), mapped: true });
    expect(issue.events[0].route).toBe('/');
    await site.close();
  });
});
