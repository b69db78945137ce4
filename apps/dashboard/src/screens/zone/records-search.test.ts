import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BigZone, hostAddress, hostName, startWithBigZone } from '../../testing/big-zone';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';

// A zone of two thousand sets (host-00000 to host-01999) and a few more to search for.
const generated = 2000;
const extra = [
  { type: 'A', name: 'host12', content: ['192.0.2.12'] },
  ...Array.from({ length: 10 }, (_, i) => ({ type: 'A', name: `host12${i}`, content: [`198.51.100.${20 + i}`] })),
  { type: 'A', name: 'host13', content: ['192.0.2.13'] },
  { type: 'A', name: 'www', content: ['192.0.2.77'] },
  { type: 'AAAA', name: 'www', content: ['2001:db8::77'] },
  { type: 'AAAA', name: 'host12', content: ['2001:db8::12'] },
  { type: 'CNAME', name: 'docs', content: ['pages.example.net.'] },
  {
    type: 'TXT',
    name: 'selector1._domainkey',
    content: [`v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(6)}`],
  },
];
const allSets = generated + extra.length + 2;

let big: BigZone;
let browser: Browser;

beforeAll(async () => {
  [big, browser] = await Promise.all([startWithBigZone(generated), launchBrowser()]);
  await big.api('PATCH', `/zones/${big.zone.id}/records`, { changes: extra.map((set) => ({ action: 'create', ...set })) });
  await big.signIn(browser.page);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await big?.stop();
});

/** The names and types of the rows in the records table, as shown (relative names). */
const shownSets = () =>
  browser.page
    .getByRole('region', { name: 'Record sets' })
    .getByRole('row')
    .filter({ has: browser.page.getByRole('cell') })
    .evaluateAll((rows) => rows.map((row) => `${row.querySelectorAll('td')[1]?.textContent} ${row.querySelectorAll('td')[2]?.textContent}`));

/** Waits until the table shows exactly these sets and the count above it says so (a count alone may be the last search's). */
async function expectShown(expected: string[]) {
  await expect.poll(shownSets, { timeout: 30_000 }).toEqual(expected);
  await browser.page.getByText(`${expected.length} record set${expected.length === 1 ? '' : 's'}`, { exact: true }).waitFor();
}

describe('searching and scrolling the records of a big zone', () => {
  it('finds every set whose name contains the text typed, not only the one of that name', async () => {
    const { page } = browser;
    await page.goto(`${big.platform.appUrl}/zones/${big.zone.id}`);
    await page.getByText(`${allSets.toLocaleString('en')} record sets`).waitFor();
    await page.getByLabel('Search records by name').fill('host12');
    await expectShown(['host12 A', 'host12 AAAA', ...Array.from({ length: 10 }, (_, i) => `host12${i} A`)]);
    await checkScreen(page, 'records-search-name');

    // `_` is a character like the others, not LIKE's wildcard.
    await page.getByLabel('Search records by name').fill('host1_');
    await page.getByText('No records match.').waitFor();
  });

  it('finds a set by its address or its target, and narrows a search to a type', async () => {
    const { page } = browser;
    await page.getByLabel('Search records by name').fill('');
    await page.getByLabel('Search records by value').fill('192.0.2.77');
    await expectShown(['www A']);

    await page.getByLabel('Search records by value').fill(hostAddress(1999));
    await expectShown([`${hostName(1999)} A`]);

    await page.getByLabel('Search records by value').fill('example.net');
    await expectShown(['docs CNAME']);

    await page.getByLabel('Search records by value').fill('');
    await page.getByLabel('Only the records of this type').selectOption('AAAA');
    await expectShown(['host12 AAAA', 'www AAAA']);
    await page.getByLabel('Search records by name').fill('www');
    await expectShown(['www AAAA']);
    await page.getByLabel('Only the records of this type').selectOption('');
    await page.getByLabel('Search records by name').fill('');
    await page.getByText(`${allSets.toLocaleString('en')} record sets`).waitFor();
  });

  it('jumps to the end of the zone fetching the pages at its end, not every page before them', async () => {
    const { page } = browser;
    const offsets: number[] = [];
    const listener = (request: { url: () => string }) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/records')) offsets.push(Number(url.searchParams.get('offset')));
    };
    page.on('request', listener);
    try {
      const scroller = page.getByTestId('records-scroller');
      await scroller.evaluate((element) => (element.scrollTop = element.scrollHeight));
      const last = scroller.getByRole('row').filter({ hasText: hostName(generated - 1) });
      await last.waitFor();
      // The zone's last sets in DNS order (www comes after host-*), from the pages fetched for the end alone.
      await scroller.getByRole('row').filter({ hasText: 'www' }).first().waitFor();
      expect(offsets.length).toBeGreaterThan(0);
      expect(offsets.filter((offset) => offset < 1500)).toEqual([]);
      expect(await scroller.getByText('Loading…').count()).toBe(0);
    } finally {
      page.off('request', listener);
    }
  });

  it('on a phone (390 px) shows each set as a card with its value and its buttons in view', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.getByLabel('Search records by name').fill('selector1');
      await expectShown(['selector1._domainkey TXT']);
      const row = page.getByRole('region', { name: 'Record sets' }).getByRole('row').filter({ hasText: 'selector1._domainkey' });
      const value = row.getByText(/v=DKIM1; k=rsa; p=MIIB/);
      const edit = row.getByRole('button', { name: 'Edit TXT selector1._domainkey' });
      // On a phone the records come below the zone's heading and name servers: the card is scrolled to.
      await row.scrollIntoViewIfNeeded();
      for (const [what, box] of [
        ['value', await value.boundingBox()],
        ['ttl', await row.getByText('TTL', { exact: false }).boundingBox()],
        ['edit button', await edit.boundingBox()],
        ['delete button', await row.getByRole('button', { name: 'Delete TXT selector1._domainkey' }).boundingBox()],
      ] as const) {
        expect(box, what).not.toBeNull();
        expect(box!.x, what).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, what).toBeLessThanOrEqual(390);
        expect(box!.y + box!.height, what).toBeLessThanOrEqual(844);
      }
      await edit.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await checkScreen(page, 'records-phone');
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
