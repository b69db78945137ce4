import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callApi, createZone, signedInAccount } from '../../testing/account';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type Platform, startPlatform } from '../../testing/platform';

let platform: Platform;
let browser: Browser;
let account: Account;
let zone: { id: string; name: string };

beforeAll(async () => {
  [platform, browser] = await Promise.all([startPlatform(), launchBrowser()]);
  account = await signedInAccount(platform, browser.page, 'zonefile');
  zone = await createZone(platform, account, 'imported');
  expect((await callApi(platform, account, 'POST', `/zones/${zone.id}/records`, { type: 'A', name: 'old', content: '192.0.2.99' })).status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const zoneFile = (lines: string[]) => ({ name: 'example.zone', mimeType: 'text/plain', buffer: Buffer.from(lines.join('\n') + '\n') });
const customerSets = async () =>
  ((await callApi(platform, account, 'GET', `/zones/${zone.id}/records?limit=100`)).body.data as { name: string; type: string }[])
    .filter((set) => set.type !== 'SOA' && set.type !== 'NS')
    .map((set) => `${set.name} ${set.type}`)
    .sort();

describe('importing and exporting a zone file in the dashboard', () => {
  it('shows the bad lines of a file by number and imports nothing', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones/${zone.id}/zone-file`);
    await page.getByRole('heading', { name: 'Import a zone file' }).waitFor();
    await checkScreen(page, 'zone-file');

    await page
      .getByLabel('Zone file')
      .setInputFiles(zoneFile([`$ORIGIN ${zone.name}.`, '$TTL 300', 'www IN A 192.0.2.10', 'bad IN A 999.0.2.1', 'mail IN A 192.0.2.20']));
    const bad = page.getByRole('list', { name: 'Lines with errors' });
    await bad.waitFor();
    expect(await bad.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^Line 4: /)]);
    await page.getByText('1 line has errors; nothing was imported.').waitFor();
    await checkScreen(page, 'zone-file-bad-line');
    expect(await customerSets()).toEqual([`old.${zone.name} A`]);
  });

  it('shows what a good file changes, in merge and then replace mode, and applies it', async () => {
    const { page } = browser;
    await page
      .getByLabel('Zone file')
      .setInputFiles(
        zoneFile([
          `$ORIGIN ${zone.name}.`,
          '$TTL 300',
          `@ IN SOA ns1.example.net. hostmaster.example.net. 1 7200 3600 1209600 300`,
          '@ IN NS ns1.example.net.',
          'www IN A 192.0.2.10',
          'mail IN A 192.0.2.20',
          '@ IN MX 10 mail',
          '@ IN TXT "hello from the file"',
        ]),
      );
    const changes = page.getByRole('list', { name: 'Record set changes' });
    await changes.waitFor();
    await changes.getByText('Added: 192.0.2.10').waitFor();
    await changes.getByText(`Added: 10 mail.${zone.name}.`).waitFor();
    expect(await changes.getByText(`old.${zone.name}`).count()).toBe(0);
    await page.getByText('Left out:').first().waitFor();

    // Replace mode: the same file now also removes the set it lacks.
    await page.getByRole('radio', { name: /^Replace/ }).click();
    await changes.getByText(`old.${zone.name}`).waitFor();
    await changes.getByText('Removed: 192.0.2.99').waitFor();
    await checkScreen(page, 'zone-file-diff');
    expect(await customerSets()).toEqual([`old.${zone.name} A`]);

    await page.getByRole('button', { name: 'Import (replace)' }).click();
    await page
      .getByText(/^Imported: the zone is at serial \d+\.$/)
      .first()
      .waitFor();
    expect(await customerSets()).toEqual([`${zone.name} MX`, `${zone.name} TXT`, `mail.${zone.name} A`, `www.${zone.name} A`].sort());
    const history = await callApi(platform, account, 'GET', `/zones/${zone.id}/history?limit=1`);
    expect(history.body.data[0].source).toBe('import');
  });

  it('downloads the export, the zone file the API gives', async () => {
    const { page } = browser;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download ${zone.name}.zone` }).click()]);
    expect(download.suggestedFilename()).toBe(`${zone.name}.zone`);
    const text = readFileSync(await download.path(), 'utf8');
    // The same file as the API's, but for the time of export in its first line.
    const withoutExportTime = (file: string) => file.replace(/, exported \S+ /, ' ');
    expect(withoutExportTime(text)).toBe(withoutExportTime((await callApi(platform, account, 'GET', `/zones/${zone.id}/export`)).body));
    expect(text).toMatch(/^www\s+300\s+IN\s+A\s+192\.0\.2\.10$/m);
    expect(text).toContain('"hello from the file"');
    expect(text).not.toContain('192.0.2.99');
    expect(browser.errors).toEqual([]);
  });
});
