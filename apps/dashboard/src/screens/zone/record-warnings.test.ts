import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callApi, createZone, signedInAccount } from '../../testing/account';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type PlatformInUse, sharedPlatform } from '../../testing/platform';

let platform: PlatformInUse;
let browser: Browser;
let account: Account;
let zone: { id: string; name: string };

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
  account = await signedInAccount(platform, browser.page, 'warnings');
  zone = await createZone(platform, account, 'warned');
});

afterAll(async () => {
  await browser?.close();
});

const setsOf = async (type: string) =>
  ((await callApi(platform, account, 'GET', `/zones/${zone.id}/records?limit=100&type=${type}`)).body.data as { content: string[] }[]).map(
    (set) => set.content,
  );

describe('record sets that are valid but dangerous, in the record form', () => {
  it('warns of an empty CAA issue value with its consequence, saves nothing until confirmed, then saves', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones/${zone.id}`);
    await page.getByRole('button', { name: 'Add records' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type').selectOption('CAA');
    await dialog.getByLabel('Name', { exact: true }).fill('@');
    await dialog.getByLabel('Flags', { exact: true }).fill('0');
    await dialog.getByRole('button', { name: 'Add records' }).click();

    const warning = dialog.getByRole('alert').filter({ hasText: 'Check before saving' });
    await warning.getByText(`No certificate authority may issue certificates for ${zone.name}`).waitFor();
    expect(await warning.innerText()).toContain('renewals');
    await checkScreen(page, 'record-warning-caa');
    expect(await setsOf('CAA')).toEqual([]);

    // The confirmation holds for the input warned about only: another input is checked again.
    await dialog.getByLabel('Value', { exact: true }).fill('letsencrypt.org');
    expect(await warning.count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Save anyway' }).count()).toBe(0);
    await dialog.getByLabel('Value', { exact: true }).fill('');
    await warning.waitFor();
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => setsOf('CAA')).toEqual([['0 issue ""']]);
  });

  it('warns of a null MX and of SPF +all; an ordinary record saves at once', async () => {
    const { page } = browser;
    const dialog = page.getByRole('dialog');
    const warning = dialog.getByRole('alert').filter({ hasText: 'Check before saving' });

    await page.getByRole('button', { name: 'Add records' }).click();
    await dialog.getByLabel('Type').selectOption('MX');
    await dialog.getByLabel('Name', { exact: true }).fill('nomail');
    await dialog.getByLabel('Priority', { exact: true }).fill('0');
    await dialog.getByLabel('Mail server', { exact: true }).fill('.');
    await dialog.getByRole('button', { name: 'Add records' }).click();
    await warning.getByText(`nomail.${zone.name} accepts no mail`).waitFor();
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Add records' }).click();
    await dialog.getByLabel('Type').selectOption('TXT');
    await dialog.getByLabel('Name', { exact: true }).fill('@');
    await dialog.getByLabel('Text', { exact: true }).fill('v=spf1 mx +all');
    await dialog.getByRole('button', { name: 'Add records' }).click();
    await warning.getByText(/every server on the internet may send mail/).waitFor();
    await dialog.getByLabel('Text', { exact: true }).fill('v=spf1 mx -all');
    await dialog.getByRole('button', { name: 'Add records' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => setsOf('TXT')).toEqual([['"v=spf1 mx -all"']]);
    expect(browser.errors).toEqual([]);
  });
});
