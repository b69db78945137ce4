import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type Owner, signUpOwner } from '../../testing/owner';
import { type PlatformInUse, sharedPlatform } from '../../testing/platform';

let platform: PlatformInUse;
let browser: Browser;
let owner: Owner;

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
  owner = await signUpOwner(platform, browser.page, 'onboarding');
});

afterAll(async () => {
  await browser?.close();
});

describe('the getting-started steps on the home screen', () => {
  const zone = `onboarding-${Date.now().toString(36)}.com`;
  const steps = () => browser.page.getByRole('list', { name: 'Getting-started steps' });
  const stepText = (title: string) => steps().getByRole('listitem').filter({ hasText: title }).textContent();
  const backHome = async (completed: number) => {
    await browser.page.getByRole('link', { name: 'Dashboard' }).click();
    await browser.page.getByText(`${completed} of 5 steps done`).waitFor();
  };

  it('/trial lands on the steps, none done yet, each with a link to where it is done', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/trial`);
    await page.getByRole('heading', { name: 'Get started' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByText('0 of 5 steps done').waitFor();
    expect(await steps().getByRole('listitem').count()).toBe(5);
    expect(await page.getByRole('link', { name: 'Invite people' }).getAttribute('href')).toBe('/team');
    expect(await stepText('Create a zone')).toContain(': to do');
    expect(await page.getByRole('link', { name: 'Manage your plan' }).getAttribute('href')).toBe('/billing');
    await checkScreen(page, 'home-onboarding');
  });

  it('ticks "Create a zone" once the customer has created one', async () => {
    const { page } = browser;
    await steps().getByRole('link', { name: 'Create a zone' }).click();
    await page.getByRole('button', { name: 'Add zone' }).click();
    await page.getByLabel('Domain name').fill(zone);
    await page.getByRole('button', { name: 'Add zone' }).last().click();
    await page.getByRole('heading', { name: 'Zone added' }).waitFor();
    await page.keyboard.press('Escape');
    await backHome(1);
    expect(await stepText('Create a zone')).toContain(': done');
    expect(await stepText('Add records')).toContain(': to do');
  });

  it('ticks "Add records" once a record is added in the zone the step links to', async () => {
    const { page } = browser;
    const link = steps().getByRole('link', { name: 'Add records' });
    // Once the first zone is loaded, the step leads into it.
    await expect.poll(() => link.getAttribute('href')).toMatch(/^\/zones\/[0-9a-f-]{36}$/);
    await link.click();
    await page.getByRole('heading', { name: zone }).waitFor();
    await page.getByRole('button', { name: 'Add records' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type').selectOption('A');
    await dialog.getByLabel('Name', { exact: true }).fill('www');
    await dialog.getByLabel('IPv4 address', { exact: true }).fill('192.0.2.10');
    await dialog.getByRole('button', { name: 'Add records' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await backHome(2);
    expect(await stepText('Add records')).toContain(': done');
  });

  it('"I updated my name servers" marks its step', async () => {
    const { page } = browser;
    expect(await stepText('Update the name servers')).toContain(': to do');
    expect(await steps().getByRole('link', { name: 'See the name servers' }).getAttribute('href')).toMatch(/^\/zones\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'I updated my name servers' }).click();
    await page.getByText('3 of 5 steps done').waitFor();
    expect(await stepText('Update the name servers')).toContain(': done');
    await checkScreen(page, 'home-onboarding-progress');

    const current = await fetch(`${platform.apiUrl}/subscriptions/current`, { headers: { authorization: `Bearer ${owner.authToken}` } }).then((response) =>
      response.json(),
    );
    expect(current.data.onboarding.steps.filter((step: { done: boolean }) => step.done).map((step: { step: string }) => step.step)).toEqual([
      'create_zone',
      'add_records',
      'update_nameservers',
    ]);
    expect(browser.errors).toEqual([]);
  });
});

describe('the sidebar collapsed to icons', () => {
  it('keeps a name on every link and the product name for screen readers, and shows the initial unclipped', async () => {
    const { page } = browser;
    const sidebar = page.locator('[data-sidebar="sidebar"]');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sidebar.and(page.locator('[data-state="collapsed"]')).waitFor();
    const main = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Zones', 'API keys', 'Webhooks', 'Team', 'Audit log', 'Billing', 'Account', 'Security'])
      expect(await main.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    // The initial fits the collapsed width: nothing in the sidebar is wider than the sidebar.
    const widths = await sidebar.evaluate((element) => ({ sidebar: element.clientWidth, content: element.firstElementChild!.scrollWidth }));
    expect(widths.content).toBeLessThanOrEqual(widths.sidebar);
    await checkScreen(page, 'home-sidebar-collapsed');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sidebar.and(page.locator('[data-state="expanded"]')).waitFor();
  });
});
