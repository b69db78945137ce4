// The catalog zone on the zones screen: turned on, the zones it lists counted, the way to its keys
// and secondaries, and turned off again after a confirmation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callApi, createZone, signedInAccount } from '../../testing/account';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type PlatformInUse, sharedPlatform } from '../../testing/platform';

let platform: PlatformInUse;
let browser: Browser;
let account: Account;

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
  account = await signedInAccount(platform, browser.page, 'catalog');
  await createZone(platform, account, 'listed');
});

afterAll(async () => {
  await browser?.close();
});

describe('the catalog zone on the zones screen', () => {
  it('turns the catalog on, shows its name and the zones it lists, and leads to its keys and secondaries', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones`);
    await page.getByRole('heading', { name: 'Catalog zone' }).waitFor();
    await page.getByRole('button', { name: 'Turn on the catalog zone' }).waitFor();
    await checkScreen(page, 'zones-catalog-off');

    await page.getByRole('button', { name: 'Turn on the catalog zone' }).click();
    await expect.poll(() => page.getByTestId('catalog-members').textContent()).toBe('1 zone');
    const catalog = (await callApi(platform, account, 'GET', '/catalog-zone')).body.data as { zone_id: string; name: string };
    await page.getByText(catalog.name).waitFor();
    // The catalog is no zone of the list.
    expect(await page.getByRole('table', { name: 'Zones' }).getByText(catalog.name).count()).toBe(0);
    await checkScreen(page, 'zones-catalog-on');

    await page.getByRole('link', { name: 'Keys and secondaries of the catalog' }).click();
    await page.waitForURL(`${platform.appUrl}/zones/${catalog.zone_id}/tsig-keys`);
    await page.getByRole('button', { name: 'Create a TSIG key' }).waitFor();
  });

  it('turns the catalog off after asking, and offers to turn it on again once it is gone', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones`);
    await page.getByRole('button', { name: 'Turn off the catalog zone' }).click();
    await page.getByRole('alertdialog', { name: 'Turn off the catalog zone?' }).waitFor();
    await page.getByRole('button', { name: 'Turn off', exact: true }).click();
    // The deletion job may finish before the card reads the catalog again: then it offers to turn it on at once.
    await page
      .getByText('The catalog zone is being removed.')
      .or(page.getByRole('button', { name: 'Turn on the catalog zone' }))
      .waitFor();
    await expect.poll(async () => (await callApi(platform, account, 'GET', '/catalog-zone')).status).toBe(404);
    await page.reload();
    await page.getByRole('button', { name: 'Turn on the catalog zone' }).waitFor();
  });
});
