import { startParentZone, type ParentZone } from '@kaja/test-support/parentZone';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callApi, createZone, signedInAccount } from '../../testing/account';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type Platform, startPlatform } from '../../testing/platform';

let parent: ParentZone;
let platform: Platform;
let browser: Browser;
let account: Account;
let zone: { id: string; name: string; name_servers: string[] };

beforeAll(async () => {
  parent = await startParentZone();
  [platform, browser] = await Promise.all([startPlatform(parent.env), launchBrowser()]);
  account = await signedInAccount(platform, browser.page, 'delegation');
  zone = (await createZone(platform, account, 'delegated')) as typeof zone;
  await parent.delegate(zone.name, ['NS ns1.other-dns.net.', 'NS ns2.other-dns.net.']);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await parent?.stop();
});

const nsState = () => browser.page.getByTestId('ns-state').textContent();
const dsState = () => browser.page.getByTestId('ds-state').textContent();
/** The one state the tab leads with. */
const headline = () => browser.page.getByTestId('delegation-headline');

describe('the delegation of a zone in the dashboard', () => {
  it('shows a pending zone delegated elsewhere, what to set at the registrar, and the check that makes it active', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones/${zone.id}`);
    await page.getByText('pending delegation').waitFor();
    // The stored state shows at once: the tab never waits for the parent to be asked.
    await page.getByRole('link', { name: 'Delegation' }).click();
    await headline().waitFor();
    await page.getByRole('heading', { name: 'Delegation', level: 1 }).waitFor();
    await page.getByText('served already; active once the parent delegates it to us').waitFor();

    // The zone's first check may have run before the parent delegated it elsewhere: check now.
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(nsState).toBe('Delegated elsewhere');
    expect(await headline().textContent()).toBe('Not delegated to Kaja DNS');
    const atParent = page.getByRole('region', { name: 'Name servers at the parent zone' });
    await expect.poll(() => atParent.locator('code').allTextContents()).toEqual(['ns1.other-dns.net', 'ns2.other-dns.net']);
    expect(await atParent.getByText('not ours').count()).toBe(2);
    const toSet = page.getByRole('region', { name: 'Name servers to set at your registrar' });
    expect(await toSet.locator('code').allTextContents()).toEqual(zone.name_servers);
    await toSet.getByRole('button', { name: `Copy ${zone.name_servers[0]}` }).waitFor();
    await page.getByText(/Unless it is delegated to us by/).waitFor();
    await checkScreen(page, 'zone-delegation-elsewhere');

    await parent.delegate(
      zone.name,
      zone.name_servers.map((server) => `NS ${server}.`),
    );
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(nsState).toBe('Delegated to Kaja DNS');
    await expect.poll(() => headline().textContent()).toBe('Delegated to Kaja DNS');
    await page.getByText('served and active').waitFor();
    expect(await page.getByRole('region', { name: 'Name servers to set at your registrar' }).getByText('missing').count()).toBe(0);
    expect(await page.getByText(/Unless it is delegated to us by/).count()).toBe(0);
    expect((await callApi(platform, account, 'GET', `/zones/${zone.id}`)).body.data.delegation).toMatchObject({
      status: 'active',
      ns_state: 'ours',
      release_at: null,
    });
  });

  it('shows the DS to set while it is missing at the parent, and a DS that does not match as an error', async () => {
    const { page } = browser;
    expect((await callApi(platform, account, 'PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true })).status).toBe(200);
    await expect.poll(async () => (await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/status`)).body.data.keys_ready).toBe(true);
    const ds = (await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/ds`)).body.data.ds as { content: string }[];

    await page.reload();
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(dsState).toBe('DS missing');
    const toSet = page.getByRole('region', { name: 'DS records to set at your registrar' });
    expect(await toSet.locator('code').allTextContents()).toEqual(ds.map((record) => record.content));
    await checkScreen(page, 'zone-delegation-ds-missing');

    const [keyTag, algorithm, digestType, digest] = ds[0]!.content.split(' ') as [string, string, string, string];
    const otherDigest = `${digest.slice(0, -4)}${digest.endsWith('0000') ? 'FFFF' : '0000'}`;
    await parent.delegate(zone.name, [...zone.name_servers.map((server) => `NS ${server}.`), `DS ${keyTag} ${algorithm} ${digestType} ${otherDigest}`]);
    // A check still under way would be the one asked for: wait until it has ended.
    await expect.poll(() => page.getByRole('button', { name: 'Check now' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(dsState).toBe('DS does not match');
    expect(await headline().textContent()).toBe('DS does not match');
    await page.getByRole('alert').filter({ hasText: 'validating resolvers cannot resolve' }).waitFor();
    await checkScreen(page, 'zone-delegation-ds-wrong');
  });
});
