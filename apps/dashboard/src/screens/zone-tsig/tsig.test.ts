import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callApi, createZone, signedInAccount } from '../../testing/account';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type Platform, startPlatform } from '../../testing/platform';

let platform: Platform;
let browser: Browser;
let account: Account;
let zone: { id: string; name: string };
/** The copied nsupdate snippet, pointed at the platform. */
let acmeUpdate: string;
const workDir = mkdtempSync(join(tmpdir(), 'kaja-dashboard-nsupdate-'));

beforeAll(async () => {
  // The secondary the test adds is at a documentation address, which only an operator's list lets in.
  [platform, browser] = await Promise.all([startPlatform({ SECONDARY_ALLOWED_CIDRS: '198.51.100.0/24' }), launchBrowser()]);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.appUrl });
  account = await signedInAccount(platform, browser.page, 'tsig');
  zone = await createZone(platform, account, 'updated');
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

const clipboard = () => browser.page.evaluate(() => navigator.clipboard.readText());

describe('TSIG keys and secondaries of a zone in the dashboard', () => {
  it('creates a key limited to _acme-challenge TXT, shows its secret once, and its copied nsupdate snippet adds the TXT record', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones/${zone.id}/tsig-keys`);
    await page.getByText('No TSIG keys yet.').waitFor();
    await page.getByText('No secondaries: only our name servers serve the zone.').waitFor();
    await checkScreen(page, 'zone-tsig-empty');

    await page.getByRole('button', { name: 'Create a TSIG key' }).click();
    await page.getByLabel('Key name').fill(`acme-web1.${zone.name}`);
    await page.getByRole('button', { name: 'ACME challenge only (_acme-challenge TXT)' }).click();
    await checkScreen(page, 'zone-tsig-create');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: `TSIG key acme-web1.${zone.name} created` }).waitFor();
    const secret = (await page.getByTestId('tsig-secret').textContent())!;
    expect(secret).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    await page.getByRole('button', { name: 'Copy the secret' }).click();
    await expect.poll(clipboard).toBe(secret);
    await checkScreen(page, 'zone-tsig-created');

    await page.getByRole('button', { name: 'Copy the nsupdate snippet' }).click();
    await expect.poll(clipboard).toContain('nsupdate -k');
    const snippet = await clipboard();
    expect(snippet).toContain(`secret "${secret}";`);
    expect(snippet).toContain(`update add _acme-challenge.${zone.name}. 60 TXT "token-from-your-acme-client"`);
    // The snippet names the zone's public name server; here the platform listens on loopback.
    const local = snippet.replace(/^server \S+$/m, `server 127.0.0.1 ${platform.dnsPort}`);
    expect(local).not.toBe(snippet);
    execFileSync('bash', ['-e'], { cwd: workDir, input: local, encoding: 'utf8', timeout: 30_000 });
    acmeUpdate = local;

    const sets = (await callApi(platform, account, 'GET', `/zones/${zone.id}/records?limit=100`)).body.data as {
      name: string;
      type: string;
      content: string[] | string;
    }[];
    expect(sets.find((set) => set.type === 'TXT')).toMatchObject({ name: `_acme-challenge.${zone.name}`, content: ['"token-from-your-acme-client"'] });

    await page.getByRole('button', { name: 'I have saved the secret' }).click();
    expect(await page.getByTestId('tsig-secret').count()).toBe(0);
    await page.reload();
    const key = page.getByRole('list', { name: 'TSIG keys' }).getByRole('listitem');
    await key.getByText('allow _acme-challenge TXT').waitFor();
    expect(await key.getByText('Never').count()).toBe(0);
    expect(await page.getByText(secret).count()).toBe(0);
  });

  it('shows the dynamic update in the zone history, with the TXT record it added', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'History' }).click();
    const latest = page.getByRole('list', { name: 'Changes' }).getByRole('listitem').first();
    await latest.getByText('Dynamic update').waitFor();
    await latest.getByText(`Added: _acme-challenge.${zone.name} 60 TXT "token-from-your-acme-client"`).waitFor();
  });

  it('edits the key’s record policies, and the same update is refused from then on', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'TSIG keys and secondaries' }).click();
    await page.getByRole('button', { name: `Edit acme-web1.${zone.name}` }).click();
    await page.getByRole('button', { name: 'Remove policy 1' }).click();
    await page.getByRole('button', { name: 'Add a policy' }).click();
    await page.getByLabel('Policy 1 name').fill('home');
    await page.getByLabel('Type', { exact: true }).fill('AAAA');
    await checkScreen(page, 'zone-tsig-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'TSIG keys' }).getByText('allow home AAAA').waitFor();
    const refused = spawnSync('bash', ['-e'], {
      cwd: workDir,
      input: acmeUpdate.replace('"token-from-your-acme-client"', '"second-token"'),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(refused.status).not.toBe(0);
    expect(refused.stdout + refused.stderr).toContain('REFUSED');
  });

  it('creates a transfer key, adds a secondary with it, and shows the Knot configuration for the zone and key', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'TSIG keys and secondaries' }).click();
    await page.getByText('first create a TSIG key that may transfer the zone').waitFor();
    await page.getByRole('button', { name: 'Create a TSIG key' }).click();
    await page.getByLabel('Key name').fill(`xfr.${zone.name}`);
    await page.getByLabel('Change records (dynamic updates)').uncheck();
    await page.getByLabel('Transfer the zone (for a secondary)').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('heading', { name: 'Knot DNS secondary' }).waitFor();
    expect(await page.getByRole('heading', { name: 'nsupdate' }).count()).toBe(0);
    const secret = (await page.getByTestId('tsig-secret').textContent())!;
    await page.getByRole('button', { name: 'Copy the Knot DNS secondary snippet' }).click();
    await expect.poll(clipboard).toContain('domain:');
    const knot = await clipboard();
    expect(knot).toContain(`  - id: xfr.${zone.name}\n    algorithm: hmac-sha256\n    secret: ${secret}`);
    expect(knot).toContain(`  - domain: ${zone.name}\n    master: kaja`);
    await page.getByRole('button', { name: 'I have saved the secret' }).click();

    await page.getByLabel('Address').fill('198.51.100.53');
    await page.getByLabel('Key', { exact: true }).selectOption({ label: `xfr.${zone.name}` });
    await page.getByRole('button', { name: 'Add secondary' }).click();
    const secondary = page.getByRole('list', { name: 'Secondaries' }).getByRole('listitem');
    await secondary.getByText('198.51.100.53 port 53').waitFor();
    await secondary.getByText(`Key xfr.${zone.name}`).waitFor();
    await checkScreen(page, 'zone-tsig');
    const listed = (await callApi(platform, account, 'GET', `/zones/${zone.id}/secondaries`)).body.data;
    expect(listed).toMatchObject([{ address: '198.51.100.53', port: 53 }]);

    await page.getByRole('button', { name: 'Remove the secondary 198.51.100.53 port 53' }).click();
    await page.getByText('No secondaries: only our name servers serve the zone.').waitFor();
    expect((await callApi(platform, account, 'GET', `/zones/${zone.id}/secondaries`)).body.data).toEqual([]);
    expect(browser.errors).toEqual([]);
  });
});
