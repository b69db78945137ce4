import { readFileSync } from 'node:fs';
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
  account = await signedInAccount(platform, browser.page, 'zonefile');
  zone = await createZone(platform, account, 'imported');
  expect((await callApi(platform, account, 'POST', `/zones/${zone.id}/records`, { type: 'A', name: 'old', content: '192.0.2.99' })).status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
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
    const changes = page.getByRole('region', { name: 'What the import changes' });
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

  it('previews a large file: counts per type and the Import action at the top, staying in view; groups closed; a search; warnings', async () => {
    const { page } = browser;
    const large = await createZone(platform, account, 'large');
    const hosts = Array.from({ length: 150 }, (_, i) => `host-${i + 1} IN A 192.0.2.${(i % 250) + 1}`);
    await page.goto(`${platform.appUrl}/zones/${large.id}/zone-file`);
    await page
      .getByLabel('Zone file')
      .setInputFiles(zoneFile([`$ORIGIN ${large.name}.`, '$TTL 300', ...hosts, '@ IN MX 10 mail', 'mail IN A 192.0.2.200', '@ IN TXT "v=spf1 mx +all"']));
    const preview = page.getByRole('region', { name: 'What the import changes' });
    const counts = preview.getByRole('table', { name: 'Changes per record type' });
    await counts.waitFor();
    expect(await counts.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/^Type\s+Added\s+Changed\s+Removed$/),
      expect.stringMatching(/^A\s+151\s+0\s+0$/),
      expect.stringMatching(/^MX\s+1\s+0\s+0$/),
      expect.stringMatching(/^TXT\s+1\s+0\s+0$/),
    ]);
    await preview
      .getByRole('alert')
      .getByText(/every server on the internet may send mail/)
      .waitFor();

    // The 151 A sets start closed; the small groups open.
    const aGroup = preview.getByRole('button', { name: /^A 151 sets/ });
    expect(await aGroup.getAttribute('aria-expanded')).toBe('false');
    expect(await preview.getByRole('button', { name: /^MX 1 set/ }).getAttribute('aria-expanded')).toBe('true');
    expect(await preview.getByText('Added: 192.0.2.77').count()).toBe(0);
    await checkScreen(page, 'zone-file-large');

    // Opened, the list is long: the Import action stays in view at its end.
    await aGroup.click();
    await preview.getByText('Added: 192.0.2.77').waitFor();
    await page.getByText(`host-150.${large.name}`).scrollIntoViewIfNeeded();
    const button = page.getByRole('button', { name: 'Import (merge)' });
    const box = await button.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
    await aGroup.click();

    // A search finds the sets by name or value, and opens the groups it finds them in.
    await preview.getByLabel('Search the changes').fill('host-77.');
    await preview.getByText('1 of 153 set changes match.').waitFor();
    await preview.getByText(`host-77.${large.name}`).waitFor();
    expect(await preview.getByText(`host-78.${large.name}`).count()).toBe(0);
    await preview.getByLabel('Search the changes').fill('192.0.2.200');
    await preview.getByText(`mail.${large.name}`).waitFor();
    await checkScreen(page, 'zone-file-search');
    expect(browser.errors).toEqual([]);
  });

  it("refuses a file over the plan's record limit with a link to Billing, the plan that fits chosen there", async () => {
    const { page } = browser;
    const over = await createZone(platform, account, 'over');
    const hosts = Array.from({ length: 250 }, (_, i) => `host-${i + 1} IN A 192.0.2.${(i % 250) + 1}`);
    await page.goto(`${platform.appUrl}/zones/${over.id}/zone-file`);
    await page.getByLabel('Zone file').setInputFiles(zoneFile([`$ORIGIN ${over.name}.`, '$TTL 300', ...hosts]));
    await page.getByText(/^Your plan allows 200 records/).waitFor();
    const link = page.getByRole('link', { name: 'Change to the Pro plan' });
    await checkScreen(page, 'zone-file-over-limit');
    await link.click();
    await page.waitForURL(/\/billing\?plan=pro$/);
    const suggested = page.getByRole('group', { name: 'Pro, suggested' });
    await suggested.getByText('Suggested').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Choose Pro');
    await checkScreen(page, 'billing-suggested-plan');
  });
});
