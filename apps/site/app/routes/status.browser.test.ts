import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { open, platform, screenshots, test } from '../../test/sitePages';

describe('status page', () => {
  test('shows the regions from GET /v1/regions with the legend colours and texts', async ({ newPage }) => {
    const { page } = await newPage();
    const regions = page.waitForResponse((response) => response.url() === `${platform.url}/v1/regions`);
    await open(page, '/status');
    const served = (await (await regions).json()).data as { name: string; status: string }[];
    expect(served.length).toBeGreaterThan(0);
    const cards = page.getByTestId('region');
    await expect.poll(() => cards.count()).toBe(served.length);
    const label = { online: 'Online', offline: 'Offline', NA: 'N/A' } as Record<string, string>;
    for (const region of served) {
      const card = cards.filter({ hasText: region.name });
      expect(await card.textContent()).toContain(label[region.status] ?? 'Unknown');
    }
    expect(await page.getByTestId('regions').textContent()).toContain('Africa');
    const legend = page.getByTestId('legend').locator('li');
    expect(await legend.allTextContents()).toEqual(['Online', 'Offline', 'N/A', 'Unknown']);
    const colours = await legend.locator('span').evaluateAll((dots) => dots.map((dot) => getComputedStyle(dot).backgroundColor));
    const [green, red, dark, grey] = colours.map((colour) =>
      colour
        .match(/[\d.]+/g)!
        .slice(0, 3)
        .map(Number),
    ) as [[number, number, number], [number, number, number], [number, number, number], [number, number, number]];
    expect(green[1]).toBeGreaterThan(green[0] + 50);
    expect(red[0]).toBeGreaterThan(red[1] + 50);
    expect(Math.max(...dark)).toBeLessThan(60);
    expect(Math.min(...grey)).toBeGreaterThan(120);
    await page.screenshot({ path: join(screenshots, 'status-desktop.png'), fullPage: true });
    await page.context().close();
  });
});
