import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect } from 'vitest';
import { content, open, platform, signUpAndSignIn, test } from '../../test/sitePages';

const execFileAsync = promisify(execFile);

describe('API reference', () => {
  test('shows the base URL, bearer authorization, the quick start and the first 4 guides as featured topics', async ({ newPage }) => {
    const { page } = await newPage();
    await open(page, '/api');
    await expect.poll(() => page.getByTestId('api-base-url').textContent()).toBe(`${platform.url}/v1`);
    expect(await page.locator('main').textContent()).toContain('Authorization: Bearer YOUR_API_KEY');
    for (const step of ['Generate an API key in the dashboard under API keys.', 'Set the Authorization header on every request.', 'Create a zone first.']) {
      expect(await page.getByText(step).count(), step).toBe(1);
    }
    const guides = content('api').sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
    expect(await page.getByTestId('featured-guides').getByRole('link').allTextContents()).toEqual(guides.slice(0, 4).map((guide) => guide.title));
    await page.context().close();
  });

  test('runs the quick start as written: its curl commands create a zone and a record with a new API key', async ({ newPage }) => {
    const { page } = await newPage();
    await signUpAndSignIn(page);
    const created = await page.evaluate(async (base) => {
      const session = await (await fetch(`${base}/auth/session`, { credentials: 'include' })).json();
      const response = await fetch(`${base}/users/${session.data.user.id}/apikeys`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'quick start', scopes: ['zones:write', 'records:write'] }),
      });
      return { status: response.status, body: await response.json() };
    }, `${platform.url}/v1`);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const apiKey: string = created.body.data.key;

    await open(page, '/api');
    await expect.poll(() => page.getByTestId('quick-start-zone').textContent()).toContain(`${platform.url}/v1/zones`);
    const run = async (testId: string, values: Record<string, string>) => {
      let command = (await page.getByTestId(testId).textContent())!;
      for (const [placeholder, value] of Object.entries(values)) command = command.replaceAll(placeholder, value);
      const { stdout } = await execFileAsync('sh', ['-c', command]);
      return JSON.parse(stdout);
    };
    const zone = await run('quick-start-zone', { YOUR_API_KEY: apiKey });
    expect(zone.status, JSON.stringify(zone)).toBe('success');
    expect(zone.data.name).toMatch(/^example\.com\.?$/);
    const record = await run('quick-start-record', { YOUR_API_KEY: apiKey, ZONE_ID: zone.data.id });
    expect(record.status, JSON.stringify(record)).toBe('success');
    expect(JSON.stringify(record.data)).toContain('192.0.2.10');
    await page.context().close();
  });

  test('groups the guides in the sidebar by category and says API guide not found for an unknown slug', async ({ newPage }) => {
    const { page } = await newPage();
    await open(page, '/api/zones');
    const sidebar = page.locator('[data-sidebar="sidebar"]');
    const groups = await sidebar.locator('div.uppercase, div[class*="uppercase"]').allTextContents();
    const categories = ['Foundations', 'Core Resources', 'Account Management', 'General'].filter((category) =>
      content('api').some((guide) => guide.category === category),
    );
    expect(groups).toEqual(['API Reference', ...categories, 'Endpoints']);
    await open(page, '/api/no-such-guide');
    await expect.poll(() => page.getByText('API guide not found').count()).toBe(1);
    await page.context().close();
  });
});
