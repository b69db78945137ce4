import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callApi, createZone, signedInAccount } from '../../testing/account';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type PlatformInUse, sharedPlatform } from '../../testing/platform';

let platform: PlatformInUse;
let browser: Browser;
let account: Account;
let zone: { id: string; name: string; serial: number };

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
  account = await signedInAccount(platform, browser.page, 'history');
  zone = (await createZone(platform, account, 'history')) as typeof zone;
});

afterAll(async () => {
  await browser?.close();
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

  it('credits each change to the person who made it, and names the API key; a removed member keeps a name only', async () => {
    const { page } = browser;
    // A change made in the dashboard (which sends the dashboard's default key).
    await page.goto(`${platform.appUrl}/zones/${zone.id}`);
    await page.getByRole('button', { name: 'Add records' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('dashboard');
    await dialog.getByLabel('IPv4 address', { exact: true }).fill('192.0.2.20');
    await dialog.getByRole('button', { name: 'Add records' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A change by an automation key of another member of the team.
    const memberEmail = `deployer-${Date.now()}@example.com`;
    const member = await callApi(platform, account, 'POST', '/users', {
      email: memberEmail,
      full_name: 'Dana Deployer',
      role: 'admin',
      password: 'deployer password 1',
    });
    expect(member.status).toBe(201);
    const key = await callApi(platform, account, 'POST', `/users/${member.body.data.id}/apikeys`, { name: 'ci-deploy', scopes: ['records:*'] });
    expect(key.status).toBe(201);
    const deployed = await fetch(`${platform.apiUrl}/zones/${zone.id}/records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.body.data.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'A', name: 'deployed', content: '192.0.2.21' }),
    });
    expect(deployed.status).toBe(201);

    await page.goto(`${platform.appUrl}/zones/${zone.id}/history`);
    const changes = page.getByRole('list', { name: 'Changes' }).getByRole('listitem');
    await changes.first().getByText(`Dana Deployer (${memberEmail}) with API key “ci-deploy”`).waitFor();
    await changes.nth(1).getByText(`Test Owner (${account.email}) with API key “Default”`).waitFor();
    expect(await page.getByText(/an API key|a user/).count()).toBe(0);

    // Removed from the team: the name stays, the address goes with them.
    expect((await callApi(platform, account, 'DELETE', `/users/${member.body.data.id}`)).status).toBe(200);
    await page.reload();
    await changes.first().getByText('Dana Deployer (former member) with a removed API key').waitFor();
    expect(await page.getByRole('list', { name: 'Changes' }).innerText()).not.toContain(memberEmail);
    await checkScreen(page, 'zone-history-people');

    // The audit log says it the same way.
    await page.goto(`${platform.appUrl}/audit-log`);
    const events = page.getByRole('table', { name: 'Audit events' });
    await events.getByText('Dana Deployer (former member) with a removed API key').first().waitFor();
    await events.getByText(`Test Owner (${account.email}) with API key “Default”`).first().waitFor();
    expect(await events.innerText()).not.toContain(`(${memberEmail})`);
  });

  it('draws the first ten records of a big change and the rest when asked', async () => {
    const { page } = browser;
    const changes = Array.from({ length: 25 }, (_, i) => ({
      action: 'create',
      type: 'A',
      name: `bulk-${String(i).padStart(2, '0')}`,
      content: [`192.0.2.${100 + i}`],
    }));
    expect((await callApi(platform, account, 'PATCH', `/zones/${zone.id}/records`, { changes })).status).toBe(200);

    await page.goto(`${platform.appUrl}/zones/${zone.id}/history`);
    const latest = page.getByRole('list', { name: 'Changes' }).getByRole('listitem').first();
    await latest.getByText('25 added, 0 removed').waitFor();
    const lines = latest.getByText(/Added: bulk-/);
    expect(await lines.count()).toBe(10);
    await latest.getByRole('button', { name: 'Show 15 more records' }).click();
    await latest.getByText(`Added: bulk-24.${zone.name} 3600 A 192.0.2.124`).waitFor();
    expect(await lines.count()).toBe(25);
    expect(await latest.getByRole('button', { name: /^Show/ }).count()).toBe(0);
  });
});
