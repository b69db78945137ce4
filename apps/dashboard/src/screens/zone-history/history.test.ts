import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callApi, createZone, signedInAccount } from '../../testing/account';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type Platform, startPlatform } from '../../testing/platform';

let platform: Platform;
let browser: Browser;
let account: Account;
let zone: { id: string; name: string; serial: number };

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  account = await signedInAccount(platform, browser.page, 'history');
  zone = (await createZone(platform, account, 'history')) as typeof zone;
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const recordsOf = async () =>
  ((await callApi(platform, account, 'GET', `/zones/${zone.id}/records?limit=100`)).body.data as { name: string; type: string; content: string[] }[])
    .filter((set) => set.type !== 'SOA' && set.type !== 'NS')
    .map((set) => `${set.name} ${set.type} ${[set.content].flat().join(',')}`)
    .sort();

describe('the zone history in the dashboard', () => {
  it('shows the zone’s creation as its only change, with nothing to restore', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones/${zone.id}/history`);
    await page.getByRole('heading', { name: 'History' }).waitFor();
    await page.getByRole('heading', { name: `Serial ${zone.serial}` }).waitFor();
    expect(await page.getByRole('button', { name: /Restore the zone to serial/ }).count()).toBe(0);
  });

  it('lists two changes with their diffs, previews a restore of the earlier state, restores it, and the zone is as it was', async () => {
    const { page } = browser;
    const add = await callApi(platform, account, 'POST', `/zones/${zone.id}/records`, { type: 'A', name: 'www', content: '192.0.2.1' });
    expect(add.status).toBe(201);
    const first = zone.serial + 1;
    const asItWas = await recordsOf();
    const change = await callApi(platform, account, 'PATCH', `/zones/${zone.id}/records`, {
      changes: [
        { action: 'replace', type: 'A', name: 'www', content: ['203.0.113.7'] },
        { action: 'create', type: 'TXT', name: '@', content: 'v=spf1 -all' },
      ],
    });
    expect(change.status).toBe(200);

    await page.reload();
    const changes = page.getByRole('list', { name: 'Changes' }).getByRole('listitem');
    await expect.poll(() => changes.count()).toBe(3);
    const latest = changes.first();
    await latest.getByRole('heading', { name: `Serial ${first + 1}` }).waitFor();
    await latest.getByText(`Removed: www.${zone.name} 3600 A 192.0.2.1`).waitFor();
    await latest.getByText(`Added: www.${zone.name} 3600 A 203.0.113.7`).waitFor();
    await latest.getByText(`Added: ${zone.name} 3600 TXT "v=spf1 -all"`).waitFor();
    await checkScreen(page, 'zone-history');

    await page.getByRole('button', { name: `Restore the zone to serial ${first}` }).click();
    const preview = page.getByRole('list', { name: 'What the restore changes' });
    await preview.waitFor();
    await preview.getByText('Removed: 203.0.113.7').waitFor();
    await preview.getByText('Added: 192.0.2.1').waitFor();
    await preview.getByText('Removed: "v=spf1 -all"').waitFor();
    await checkScreen(page, 'zone-history-restore-preview');
    // The preview wrote nothing.
    expect(await recordsOf()).not.toEqual(asItWas);

    await page.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByText(`Restored: the zone is at serial ${first + 2}.`).waitFor();
    await expect.poll(() => changes.count()).toBe(4);
    await changes.first().getByText('Restore', { exact: true }).waitFor();
    expect(await recordsOf()).toEqual(asItWas);
    const served = execFileSync('dig', ['@127.0.0.1', '-p', String(platform.dnsPort), '+norecurse', '+short', `www.${zone.name}`, 'A'], { encoding: 'utf8' });
    expect(served.trim()).toBe('192.0.2.1');
    expect(browser.errors).toEqual([]);
  });
});
