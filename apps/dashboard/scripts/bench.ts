// `npm run bench:app`: against the real platform, the JavaScript the browser loads before the first
// screen is usable (gzipped), the time until the zones list of a customer with 1,000 zones is
// interactive, the records screen of a zone of 10,000 record sets (shown, searched, jumped to its end),
// the frame times while scrolling that zone, and each of the zone's other tabs from the click to its data.
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { exitWithUsageOnHelp } from '@kaja/test-support/benchUsage';
import { hostAddress, hostName, startWithBigZone } from '../src/testing/big-zone';
import { launchBrowser } from '../src/testing/browser';

exitWithUsageOnHelp();

const sets = Number(process.env.SETS ?? 10_000);
const zoneCount = Number(process.env.ZONES ?? 1_000);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Waits up to a minute for `locator`; when it does not come, the error names what was waited for and
 * what the page showed instead (its address, status lines and alerts), so a time-out can be told from a
 * failed request or a wrong screen.
 */
async function waitFor(page: Page, what: string, locator: Locator) {
  try {
    await locator.waitFor({ timeout: 60_000 });
  } catch (error) {
    const shown = await page
      .locator('[role="status"], [role="alert"], h1')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`Waited 60 s for ${what} (${String(locator)}); the page at ${page.url()} showed: ${JSON.stringify(shown)}`, { cause: error });
  }
}

const big = await startWithBigZone(sets);
const { platform, zone, api } = big;

// The customer's other zones, four requests at a time.
const stamp = Date.now();
const pending = Array.from({ length: zoneCount - 1 }, (_, i) => `zone-${String(i).padStart(4, '0')}-${stamp}.com`);
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let name = pending.shift(); name; name = pending.shift()) await api('POST', '/zones', { name, ttl: 3600 });
  }),
);
// The screens below count on it: a wrong count is a seeding problem, not a slow screen.
const listed = await fetch(`${platform.apiUrl}/zones?limit=1`, { headers: { authorization: `Bearer ${big.apiKey}` } });
const listedTotal = ((await listed.json()) as { meta?: { total?: number } }).meta?.total;
if (listedTotal !== zoneCount) throw new Error(`The API lists ${listedTotal} zones after seeding, not ${zoneCount}`);

const browser = await launchBrowser();
try {
  const { page } = browser;
  const scripts: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    // A 304 (the browser's cached copy, e.g. theme.js on a second load) has no body to weigh.
    const redirect = response.status() >= 300 && response.status() < 400;
    if (response.request().resourceType() === 'script' && !redirect) scripts.push(response.body());
  });
  await page.goto(`${platform.appUrl}/auth`);
  await page.getByRole('button', { name: 'Sign in' }).last().waitFor();
  const firstScreen = await Promise.all(scripts);
  const gzipped = firstScreen.reduce((sum, body) => sum + gzipSync(body).length, 0);

  await big.signIn(page);
  // Interactive: the first page of zones is shown and a search is answered.
  const zonesStarted = Date.now();
  await page.goto(`${platform.appUrl}/zones`);
  await waitFor(page, `the zones list's first page`, page.getByRole('navigation', { name: 'Zone pages' }).getByText(`1–10 of ${zoneCount}`));
  const zonesShown = Date.now() - zonesStarted;
  await page.getByLabel('Search zones by name').fill('zone-0500-');
  await waitFor(page, 'the one zone found', page.getByRole('navigation', { name: 'Zone pages' }).getByText('1–1 of 1'));
  const zonesSearched = Date.now() - zonesStarted;

  // The records screen: shown, searched (by part of a name, then by an address), jumped to its end.
  const recordsStarted = Date.now();
  await page.goto(`${platform.appUrl}/zones/${zone.id}`);
  const allShown = page.getByText(`${(sets + 2).toLocaleString('en')} record sets`);
  await waitFor(page, 'the count of all record sets', allShown);
  const recordsShown = Date.now() - recordsStarted;
  const searchTimes = [];
  for (const [label, text, found] of [
    ['Search records by name', hostName(sets - 1).slice(0, -1), Math.min(10, sets)],
    ['Search records by value', hostAddress(sets - 1), 1],
  ] as const) {
    const started = Date.now();
    await page.getByLabel(label).fill(text);
    await waitFor(page, `the sets found by ${label.toLowerCase()}`, page.getByText(`${found} record set${found === 1 ? '' : 's'}`, { exact: true }));
    searchTimes.push(Date.now() - started);
    await page.getByLabel(label).fill('');
    await waitFor(page, 'the count of all record sets', allShown);
  }
  const scroller = page.getByTestId('records-scroller');
  const jumpStarted = Date.now();
  await scroller.evaluate((element) => (element.scrollTop = element.scrollHeight));
  await waitFor(page, 'the last set after the jump', scroller.getByRole('row').filter({ hasText: hostName(sets - 1) }));
  const jumped = Date.now() - jumpStarted;
  await scroller.evaluate((element) => (element.scrollTop = 0));

  // Scrolls 300 px a frame to the last set (pages load on the way), recording each frame's time.
  const lastHost = hostName(sets - 1);
  const result = await page.evaluate(async (lastName) => {
    const scroller = document.querySelector('[data-testid="records-scroller"]') as HTMLElement;
    const frames: number[] = [];
    let rowsInDom = 0;
    let last = performance.now();
    const started = last;
    while (performance.now() - started < 120_000) {
      scroller.scrollTop += 300;
      await new Promise(requestAnimationFrame);
      const now = performance.now();
      frames.push(now - last);
      last = now;
      rowsInDom = Math.max(rowsInDom, scroller.querySelectorAll('tbody tr').length);
      if (scroller.textContent?.includes(lastName) && scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break;
    }
    return { frames, rowsInDom, reachedEnd: scroller.textContent?.includes(lastName) ?? false };
  }, lastHost);

  // The zone's other tabs, each clicked once from the one before (its code and data not loaded yet),
  // timed until something that shows the tab's own data is there (not its "Loading…" line).
  const tabs: [tab: string, shown: [what: string, Locator][]][] = [
    ['Delegation', [['the delegation state', page.getByTestId('delegation-headline')]]],
    ['DNSSEC', [['the signing state', page.getByRole('heading', { name: /^Signing/ })]]],
    ['History', [['the list of changes', page.getByRole('list', { name: 'Changes' })]]],
    ['Import and export', [['the export of the zone', page.getByRole('button', { name: `Download ${zone.name}.zone` })]]],
    [
      'TSIG keys and secondaries',
      [
        ['the keys', page.getByText('No TSIG keys yet.')],
        ['the secondaries', page.getByText('No secondaries: only our name servers serve the zone.')],
      ],
    ],
    ['Analytics', [['the queries over time', page.getByRole('heading', { name: 'Queries over time' })]]],
  ];
  const tabTimes: string[] = [];
  for (const [tab, shown] of tabs) {
    const started = Date.now();
    await page.getByRole('navigation', { name: 'Zone', exact: true }).getByRole('link', { name: tab, exact: true }).click();
    for (const [what, locator] of shown) await waitFor(page, `${what} on the ${tab} tab`, locator);
    tabTimes.push(`${tab} ${Date.now() - started} ms`);
  }

  const frames = result.frames.sort((a, b) => a - b);
  const at = (q: number) => frames[Math.min(frames.length - 1, Math.floor(q * frames.length))]!;
  console.log(
    [
      '',
      `Dashboard benchmark (${sets} record sets, headless Chromium on this machine; load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(', ')})`,
      `  JavaScript before the sign-in screen is usable: ${firstScreen.length} files, ${kb(gzipped)} gzipped`,
      `  Zones list with ${zoneCount} zones: first page shown ${zonesShown} ms after navigation, a search answered at ${zonesSearched} ms`,
      `  Records screen with ${sets} sets: shown ${recordsShown} ms after navigation; search by name part ${searchTimes[0]} ms, by address ${searchTimes[1]} ms; jump to the end ${jumped} ms`,
      `  Scrolling to the last set: ${frames.length} frames, frame time p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${frames.at(-1)!.toFixed(1)} ms`,
      `  Table rows in the page at most: ${result.rowsInDom}; reached the end: ${result.reachedEnd}`,
      `  The zone's tabs, from the click to their data: ${tabTimes.join(', ')}`,
      '',
    ].join('\n'),
  );
} finally {
  await browser.close();
  await big.stop();
}
