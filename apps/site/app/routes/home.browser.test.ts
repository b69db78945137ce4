import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { open, platform, screenshots, scrolledTo, test, topOf } from '../../test/sitePages';

describe('landing page', () => {
  test('shows hero, features, pricing from the API and about, and scrolls to the anchors from the header', async ({ newPage }) => {
    const { page, errors } = await newPage();
    await open(page, '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Managed DNS hosting, made in the EU');
    for (const feature of [
      'Zone and record management',
      'Team accounts',
      'API key management',
      'DNSSEC signing',
      'Audit logging',
      'Two anycast networks',
      '30+ locations',
      'Under 20 ms',
      '24/7 expert support',
    ]) {
      await expect.poll(() => page.locator('#features').getByText(feature, { exact: true }).count(), { message: feature }).toBe(1);
    }
    const pro = page.getByTestId('plan-pro');
    expect(await pro.textContent()).toContain('Most popular');
    expect(await pro.textContent()).toContain('€19.95');
    expect(await page.getByTestId('plan-nano').textContent()).toContain('€4.95');
    expect(await page.getByTestId('plan-nano').textContent()).not.toContain('Most popular');
    const scale = page.getByTestId('plan-scale');
    expect(await scale.textContent()).toContain('24/7 dedicated support');
    expect(await scale.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe('/support');
    expect(await page.locator('#about').textContent()).toContain('Estonia');

    for (const [label, id] of [
      ['Pricing', 'pricing'],
      ['About', 'about'],
      ['Features', 'features'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
      await page.waitForURL(`${platform.url}/#${id}`);
      await expect.poll(() => scrolledTo(page, id), { message: label }).toBe(true);
    }
    await page.screenshot({ path: join(screenshots, 'landing-desktop.png'), fullPage: true });
    expect(errors.filter((error) => !error.includes('401'))).toEqual([]);
    await page.context().close();
  });

  test('scrolls to an anchor 100 ms after arriving from another page', async ({ newPage }) => {
    const { page } = await newPage();
    await open(page, '/blog');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${platform.url}/#pricing`);
    await expect.poll(() => topOf(page, 'pricing')).toBeLessThan(100);
    expect(await topOf(page, 'pricing')).toBeGreaterThanOrEqual(0);
    await page.context().close();
  });

  test('refreshes the plan cards from GET /v1/plans', async ({ newPage }) => {
    const { page } = await newPage();
    const plans = page.waitForResponse((response) => response.url() === `${platform.url}/v1/plans` && response.status() === 200);
    await open(page, '/');
    const body = await (await plans).json();
    expect(body.status).toBe('success');
    expect(body.data.map((plan: { name: string }) => plan.name)).toEqual(['Nano', 'Pro', 'Scale']);
    await page.context().close();
  });
});
