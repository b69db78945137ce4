import { execFileSync } from 'node:child_process';
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
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.appUrl });
  account = await signedInAccount(platform, browser.page, 'dnssec');
  zone = await createZone(platform, account, 'signed');
});

afterAll(async () => {
  await browser?.close();
});

const keyRows = () => browser.page.getByRole('table', { name: 'Keys' }).getByRole('row');
const clipboard = () => browser.page.evaluate(() => navigator.clipboard.readText());

describe('DNSSEC of a zone in the dashboard', () => {
  it('explains DNSSEC, enables it with NSEC3, shows progress until the keys exist, and shows the DS the API gives', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones/${zone.id}/dnssec`);
    await page.getByRole('heading', { name: 'DNSSEC' }).waitFor();
    await page.getByText('publish a DS record at your domain').waitFor();
    await checkScreen(page, 'zone-dnssec-off');

    await page.getByRole('radio', { name: /NSEC3/ }).click();
    await page.getByRole('button', { name: 'Enable DNSSEC' }).click();
    await page.getByRole('heading', { name: 'DS records for your registrar' }).waitFor();

    const api = await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/ds`);
    expect(api.body.data.state).toBe('active');
    expect(api.body.data.ds).toHaveLength(2);
    // The heading shows before the DS records have come: wait for them rather than read at once.
    await expect.poll(() => page.getByTestId('ds-digest').allTextContents()).toEqual(api.body.data.ds.map((ds: { digest: string }) => ds.digest));
    const sha256 = api.body.data.ds.find((ds: { digest_type: number }) => ds.digest_type === 2);
    await page.getByRole('button', { name: `Copy DS record (SHA-256, key ${sha256.key_tag})` }).click();
    await expect.poll(clipboard).toBe(sha256.presentation);
    expect(sha256.presentation).toBe(`${zone.name}. IN DS ${sha256.key_tag} 13 2 ${sha256.digest}`);
    await checkScreen(page, 'zone-dnssec-active');
    expect((await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/status`)).body.data).toMatchObject({ nsec3: true, keys_ready: true });
  });

  it('serves the zone signed on the platform’s DNS port, with the KSK whose DS the dashboard shows', async () => {
    const dig = (...args: string[]) =>
      execFileSync('dig', [`@127.0.0.1`, '-p', String(platform.dnsPort), '+norecurse', '+dnssec', '+time=5', '+tries=2', ...args], { encoding: 'utf8' });
    await expect.poll(() => dig(zone.name, 'SOA')).toMatch(/\tRRSIG\tSOA 13 /);
    expect(dig(zone.name, 'NSEC3PARAM', '+short')).toMatch(/^1 0 0 -/m);
    const tags = (await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/ds`)).body.data.dnskey.map((key: { key_tag: number }) => key.key_tag);
    expect(dig(zone.name, 'DNSKEY', '+multiline')).toContain(`key id = ${tags[0]}`);
  });

  it('lists the keys, adds and activates a ZSK, and warns before deleting an active key or deactivating the last KSK', async () => {
    const { page } = browser;
    await expect.poll(() => keyRows().count()).toBe(3);
    const before = (await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body.data as {
      id: string;
      keytype: string;
      key_tag: number;
    }[];
    const ksk = before.find((key) => key.keytype === 'ksk')!;
    const oldZsk = before.find((key) => key.keytype === 'zsk')!;

    await page.getByRole('button', { name: 'Add a key' }).click();
    await page.getByLabel('Key type').selectOption('zsk');
    await checkScreen(page, 'zone-dnssec-add-key');
    await page.getByRole('button', { name: 'Generate key' }).click();
    await expect.poll(() => keyRows().count()).toBe(4);
    const after = (await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/cryptokeys`)).body.data as {
      id: string;
      key_tag: number;
      active: boolean;
    }[];
    const newZsk = after.find((key) => !before.some((old) => old.id === key.id))!;
    expect(newZsk.active).toBe(false);
    await page.getByRole('button', { name: `Activate ZSK ${newZsk.key_tag}` }).click();
    await page.getByRole('button', { name: `Deactivate ZSK ${newZsk.key_tag}` }).waitFor();

    // Deleting the old ZSK, still active: the API's warning is shown and only then forced.
    await page.getByRole('button', { name: `Delete ZSK ${oldZsk.key_tag}` }).click();
    await page.getByRole('button', { name: 'Delete key' }).click();
    await page.getByRole('heading', { name: 'This may break validation' }).waitFor();
    await page.getByRole('dialog').getByText('This ZSK is active').waitFor();
    await checkScreen(page, 'zone-dnssec-force-warning');
    await page.getByRole('button', { name: 'Delete anyway' }).click();
    await expect.poll(() => keyRows().count()).toBe(3);
    expect((await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/cryptokeys/${oldZsk.id}`)).status).toBe(404);

    // Deactivating the only KSK is warned about too; keeping it changes nothing.
    await page.getByRole('button', { name: `Deactivate KSK ${ksk.key_tag}` }).click();
    await page.getByRole('dialog').getByText('This is the zone’s last active KSK').waitFor();
    await page.getByRole('button', { name: 'Keep the key' }).click();
    expect((await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/cryptokeys/${ksk.id}`)).body.data.active).toBe(true);
  });

  it('disables DNSSEC after explaining the registrar step and the delay, and can turn it back on with the same keys', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Disable DNSSEC' }).click();
    await page.getByText('Remove the DS record at your registrar first').waitFor();
    await page.getByRole('button', { name: 'The DS is removed: disable' }).click();
    await page.getByText('DNSSEC is being turned off.').waitFor();
    const status = (await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/status`)).body.data;
    expect(status).toMatchObject({ state: 'disabling', enabled: false });
    expect(status.keys_removed_at).not.toBeNull();
    await checkScreen(page, 'zone-dnssec-disabling');

    await page.getByRole('button', { name: 'Turn DNSSEC back on (same keys)' }).click();
    await page.getByRole('heading', { name: 'DS records for your registrar' }).waitFor();
    expect((await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/status`)).body.data.state).toBe('active');
    expect(browser.errors).toEqual([]);
  });
});
