import { describe, expect } from 'vitest';
import { endpoints, groupByResource, type OpenApiDocument } from '../openapi';
import { html, open, platform, scrolledTo, test } from '../../test/sitePages';

/** The document the running API serves, by resource as the reference groups it. */
const served = async () => groupByResource(endpoints((await (await fetch(`${platform.url}/v1/openapi.json`)).json()) as OpenApiDocument));

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe('endpoint reference', () => {
  test('pre-renders each resource with its own endpoints only, and the index with every endpoint linked to its place', async () => {
    const groups = await served();
    expect(groups.length).toBeGreaterThan(10);
    // The pages as they come, before any script runs.
    const index = await html('/api/reference');
    expect(index.status).toBe(200);
    expect(count(index.text, /data-testid="endpoint"/g)).toBe(0);
    for (const group of groups) {
      const page = await html(`/api/reference/${group.resource}`);
      expect(page.status, group.resource).toBe(200);
      expect(page.text, group.resource).toContain(`<h1 class="mt-2 text-4xl font-bold tracking-tight">${group.title}</h1>`);
      expect(count(page.text, /data-testid="endpoint"/g), group.resource).toBe(group.endpoints.length);
      for (const endpoint of group.endpoints) {
        expect(page.text, endpoint.id).toContain(`id="${endpoint.id}"`);
        expect(page.text, endpoint.id).toContain(`>${endpoint.path}</span>`);
        expect(index.text, endpoint.id).toContain(`id="${endpoint.id}"`);
        expect(index.text, endpoint.id).toContain(`href="/api/reference/${group.resource}#${endpoint.id}"`);
      }
    }
    expect(count(index.text, /data-endpoint-entry=""/g)).toBe(groups.reduce((sum, group) => sum + group.endpoints.length, 0));
  });

  test('takes an address of the one-page reference to the endpoint on its resource page', async ({ newPage }) => {
    const zones = (await served()).find((group) => group.resource === 'zones')!;
    // One far down the page, which a landing at the top would not show.
    const endpoint = zones.endpoints[Math.floor(zones.endpoints.length * 0.75)]!;
    const { page } = await newPage();
    await page.goto(`${platform.url}/api/reference#${endpoint.id}`);
    await page.waitForURL(`${platform.url}/api/reference/zones#${endpoint.id}`);
    await expect.poll(() => scrolledTo(page, endpoint.id)).toBe(true);
    expect(await page.locator(`[id="${endpoint.id}"]`).textContent()).toContain(endpoint.path);
    // The old address was replaced, not added: going back leaves the reference.
    expect(await page.evaluate(() => history.length)).toBe(2);

    // An anchor that names no endpoint stays on the index.
    await open(page, '/api/reference#no-such-endpoint');
    await page.waitForLoadState('networkidle');
    expect(page.url()).toBe(`${platform.url}/api/reference#no-such-endpoint`);
  });

  test('lands an address of the one-page reference on the endpoint line of the index without script', async ({ newPage, browser }) => {
    const zones = (await served()).find((group) => group.resource === 'zones')!;
    const endpoint = zones.endpoints.at(-1)!;
    const { page } = await newPage({ context: await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } }) });
    await page.goto(`${platform.url}/api/reference#${endpoint.id}`);
    expect(await scrolledTo(page, endpoint.id)).toBe(true);
    await page.locator(`[id="${endpoint.id}"] a`).click();
    await page.waitForURL(`${platform.url}/api/reference/zones#${endpoint.id}`);
  });

  test('reads from resource to resource: the sidebar, the index, the neighbours and the way back', async ({ newPage }) => {
    const groups = await served();
    const { page } = await newPage();
    await open(page, '/api/reference');
    expect(await page.getByTestId('resource').getByRole('heading', { level: 2 }).allTextContents()).toEqual(groups.map((group) => group.title));

    const at = groups.findIndex((group) => group.resource === 'zones');
    await open(page, '/api/reference/zones');
    const sidebar = page.locator('[data-sidebar="sidebar"]');
    const resources = sidebar.locator('a[href^="/api/reference/"]');
    expect(await resources.allTextContents()).toEqual(groups.map((group) => group.title));
    expect(await sidebar.locator('a[aria-current="page"]').getAttribute('href')).toBe('/api/reference/zones');

    const neighbours = page.getByTestId('resource-neighbours');
    expect(await neighbours.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      [groups[at - 1], groups[at + 1]].filter(Boolean).map((group) => `/api/reference/${group!.resource}`),
    );
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Endpoint Reference' }).click();
    await page.waitForURL(`${platform.url}/api/reference`);

    // The first resource has no previous one, the last no next.
    await open(page, `/api/reference/${groups[0]!.resource}`);
    expect(await neighbours.getByRole('link').allTextContents()).toEqual([`${groups[1]!.title} →`]);
    await open(page, `/api/reference/${groups.at(-1)!.resource}`);
    expect(await neighbours.getByRole('link').allTextContents()).toEqual([`← ${groups.at(-2)!.title}`]);
  });

  test("links this environment's OpenAPI document, and says so for a resource it does not have", async ({ newPage }) => {
    const { page } = await newPage();
    for (const path of ['/api/reference', '/api/reference/plans']) {
      await open(page, path);
      // The document's address is this environment's, which the pre-rendered page cannot know.
      await expect
        .poll(() => page.locator('main').getByRole('link', { name: 'OpenAPI document' }).getAttribute('href'), { message: path })
        .toBe(`${platform.url}/v1/openapi.json`);
    }
    await open(page, '/api/reference/no-such-resource');
    await expect.poll(() => page.getByText('Resource not found in the endpoint reference').count()).toBe(1);
  });
});
