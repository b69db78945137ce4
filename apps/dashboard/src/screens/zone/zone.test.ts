import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInBrowser } from '../../testing/accounts';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type PlatformInUse, sharedPlatform } from '../../testing/platform';

const run = promisify(execFile);

let platform: PlatformInUse;
let browser: Browser;

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** What the platform's DNS server answers, as dig prints it (+short). */
const dig = async (name: string, type: string) =>
  (await run('dig', ['@127.0.0.1', '-p', String(platform.dnsPort), '+short', '+norecurse', '+time=2', '+tries=1', name, type])).stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .sort();

describe('zones and records in the dashboard, served by the DNS server', () => {
  const zone = `dashboard-${Date.now()}.com`;

  it('adds a zone with the region and TTL chosen, and shows the name servers to set at the registrar', async () => {
    const { page } = browser;
    await signUpInBrowser(page, platform);
    await page.goto(`${platform.appUrl}/zones`);
    await page.getByText('You have no zones yet').waitFor();
    await checkScreen(page, 'zones-empty');
    await page.getByRole('button', { name: 'Add zone' }).click();
    await page.getByText(/Nano plan: 0 of 5 zones used/).waitFor();
    await page.getByLabel('Domain name').fill(zone);
    await page.getByLabel('Networks').selectOption('EU');
    await page.getByLabel('Default TTL preset').selectOption('300');
    await checkScreen(page, 'zone-create');
    await page.getByRole('button', { name: 'Add zone' }).last().click();
    await page.getByRole('heading', { name: 'Zone added' }).waitFor();
    const servers = await page.getByRole('list', { name: 'Name servers' }).getByRole('listitem').allInnerTexts();
    expect(servers.map((text) => text.trim())).toEqual(['ns1.eu.kaja.dns', 'ns2.eu.kaja.dns']);
    await checkScreen(page, 'zone-created');
    await page.getByRole('link', { name: `Add records to ${zone}` }).click();
    await page.getByRole('heading', { name: zone }).waitFor();
  });

  it('lists the zone with its badges and record count, and finds it by name', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/zones`);
    const row = page.getByRole('row').filter({ hasText: zone });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/active[\s\S]*DNSSEC off[\s\S]*EU network/);
    await page.getByLabel('Search zones by name').fill('no-such-zone');
    await page.getByText('No zone matches').waitFor();
    await page.getByLabel('Search zones by name').fill(zone.slice(0, 12));
    await row.waitFor();
    await checkScreen(page, 'zones');
    await row.getByRole('link', { name: zone }).click();
    await page.getByRole('heading', { name: zone }).waitFor();
  });

  it('adds A, AAAA, MX, TXT, CNAME and SRV records one after another, and the DNS server answers with them', async () => {
    const { page } = browser;
    const longText = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(8)}`;
    await page.getByRole('button', { name: 'Add records' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Keep the form open for the next record').check();

    const add = async (type: string, name: string, fields: Record<string, string>, values = 1) => {
      await dialog.getByLabel('Type').selectOption(type);
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      for (let more = 1; more < values; more++) await dialog.getByRole('button', { name: 'Add another value' }).click();
      for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
      await dialog.getByRole('button', { name: 'Add records' }).click();
      // The form stays open, emptied, with the cursor back in Name for the next record.
      await expect.poll(() => dialog.getByLabel('Name', { exact: true }).inputValue()).toBe('');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe('@');
    };
    await add('A', 'www', { 'IPv4 address': '192.0.2.10' });
    await add('AAAA', 'www', { 'IPv6 address': '2001:db8::10', 'IPv6 address (value 2)': '2001:db8::11' }, 2);
    await add('MX', '@', { Priority: '10', 'Mail server': `mail.${zone}.` });
    await add('TXT', '@', { Text: longText });
    await add('CNAME', 'docs', { 'Target host name': `www.${zone}.` });
    await dialog.getByLabel('Type').selectOption('SRV');
    await dialog.getByLabel('Name', { exact: true }).fill('_sip._udp');
    await dialog.getByLabel('Port', { exact: true }).fill('5060');
    await dialog.getByLabel('Target host name', { exact: true }).fill(`sip.${zone}.`);
    await checkScreen(page, 'record-add-srv');
    await dialog.getByLabel('Keep the form open for the next record').uncheck();
    await dialog.getByRole('button', { name: 'Add records' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByText('8 record sets').waitFor();
    await checkScreen(page, 'zone-records');
    await expect.poll(() => dig(`www.${zone}`, 'A')).toEqual(['192.0.2.10']);
    expect(await dig(`www.${zone}`, 'AAAA')).toEqual(['2001:db8::10', '2001:db8::11']);
    expect(await dig(zone, 'MX')).toEqual([`10 mail.${zone}.`]);
    expect((await dig(zone, 'TXT')).join('').replace(/" "|"/g, '')).toBe(longText);
    expect(await dig(`docs.${zone}`, 'CNAME')).toEqual([`www.${zone}.`]);
    expect(await dig(`_sip._udp.${zone}`, 'SRV')).toEqual([`10 5 5060 sip.${zone}.`]);
  });

  it('checks a record in the browser with the record model before sending it, and shows what the API refuses', async () => {
    const { page } = browser;
    const recordWrites: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/records')) recordWrites.push(request.url());
    });
    await page.getByRole('button', { name: 'Add records' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type').selectOption('MX');
    await dialog.getByLabel('Name', { exact: true }).fill('@');
    await dialog.getByLabel('Priority', { exact: true }).fill('70000');
    await dialog.getByLabel('Mail server', { exact: true }).fill(`mail.${zone}.`);
    await dialog.getByRole('button', { name: 'Add records' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').innerText()).toMatch(/65535|priority|preference/i);
    expect(recordWrites).toEqual([]);
    await checkScreen(page, 'record-invalid');

    // Whether a CNAME may join a name is a rule between sets: the API's to say, with the field, once.
    await dialog.getByLabel('Type').selectOption('CNAME');
    await dialog.getByLabel('Name', { exact: true }).fill('www');
    await dialog.getByLabel('Target host name', { exact: true }).fill(`elsewhere.example.net.`);
    await dialog.getByRole('button', { name: 'Add records' }).click();
    await expect.poll(() => recordWrites.length).toBe(1);
    const beside = page.getByText(`A CNAME must be the only record at its name: www.${zone} already has A, AAAA records`);
    await beside.waitFor();
    expect(await beside.count()).toBe(1);

    // At the apex: one mistake, one message (not also that the SOA and NS records are beside it).
    await dialog.getByLabel('Name', { exact: true }).fill('@');
    await dialog.getByRole('button', { name: 'Add records' }).click();
    await expect.poll(() => recordWrites.length).toBe(2);
    await page.getByText('CNAME cannot be at the root of a domain').waitFor();
    expect(await dialog.getByRole('alert').allInnerTexts()).toEqual(['CNAME cannot be at the root of a domain']);
    expect(await dialog.innerText()).not.toMatch(/only record|cannot have/);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Neither refusal came again as a toast: the next toast is that of a failure with no form to show it
    // (a proxy's 502 on the list, simulated by Playwright), and it is the only one.
    await page.route('**/v1/zones/*/records?*', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'Upstream connect error' }) }),
    );
    await page.getByLabel('Only the records of this type').selectOption('TXT');
    const toasts = page.locator('[data-sonner-toast]');
    await toasts.filter({ hasText: 'Upstream connect error' }).waitFor();
    expect((await toasts.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual(['API Error Upstream connect error']);
    await page.unroute('**/v1/zones/*/records?*');
    await page.getByLabel('Only the records of this type').selectOption('');
    await page.evaluate(() => document.querySelectorAll('[data-sonner-toast] [data-close-button]').forEach((button) => (button as HTMLElement).click()));
  });

  it('edits a set and deletes another; the DNS server follows', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Edit A www' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('IPv4 address', { exact: true }).fill('192.0.2.20');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => dig(`www.${zone}`, 'A')).toEqual(['192.0.2.20']);

    await page.getByRole('button', { name: 'Delete CNAME docs' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('7 record sets').waitFor();
    await expect.poll(() => dig(`docs.${zone}`, 'CNAME')).toEqual([]);
  });

  it('deletes one value of a set, and changes several sets in one atomic bulk edit', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Delete AAAA www' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('listitem').filter({ hasText: '2001:db8::11' }).getByRole('button', { name: 'Delete this value' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => dig(`www.${zone}`, 'AAAA')).toEqual(['2001:db8::10']);

    await page.getByRole('checkbox', { name: 'Select A www' }).check();
    await page.getByRole('checkbox', { name: 'Select MX @' }).check();
    await page.getByLabel('New TTL for the selected sets').selectOption('86400');
    await page.getByRole('button', { name: 'Set TTL' }).click();
    await page.getByText('2 record sets changed').waitFor();
    const ttlOf = async (name: string, type: string) =>
      (await run('dig', ['@127.0.0.1', '-p', String(platform.dnsPort), '+noall', '+answer', '+norecurse', name, type])).stdout.trim().split(/\s+/)[1];
    await expect.poll(() => ttlOf(`www.${zone}`, 'A')).toBe('86400');
    expect(await ttlOf(zone, 'MX')).toBe('86400');
  });
});
