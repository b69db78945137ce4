// Every signed-in screen through axe, in both colour themes, with the sidebar expanded (and collapsed
// on the screens of its entries), at 1440 and 390 px; the colour theme itself (the system's, a remembered choice, before the first
// paint); and focus back on what opened a dialog once Escape closes it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, callApi, createZone, signedInAccount } from '../testing/account';
import { type Browser, launchBrowser, seriousViolations, waitUntilStill } from '../testing/browser';
import { type PlatformInUse, sharedPlatform } from '../testing/platform';

let platform: PlatformInUse;
let browser: Browser;
let account: Account;
let zone: { id: string; name: string };
const policyViolations: string[] = [];

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
  browser.page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
  });
  await browser.page.emulateMedia({ colorScheme: 'light' });
  account = await signedInAccount(platform, browser.page, 'accessibility');
  // A zone with something on each of its screens: a record, signed (its DS records and their copy
  // buttons), a TSIG key.
  zone = await createZone(platform, account, 'accessible');
  expect((await callApi(platform, account, 'POST', `/zones/${zone.id}/records`, { type: 'A', name: 'www', content: '192.0.2.10' })).status).toBe(201);
  expect((await callApi(platform, account, 'PATCH', `/zones/${zone.id}/dnssec/status`, { enabled: true })).status).toBe(200);
  expect((await callApi(platform, account, 'POST', `/zones/${zone.id}/tsig-keys`, { can_transfer: true, can_update: false })).status).toBe(201);
  for (let tries = 0; (await callApi(platform, account, 'GET', `/zones/${zone.id}/dnssec/ds`)).body.data.ds.length === 0; tries++) {
    if (tries > 300) throw new Error('the zone’s DNSSEC keys were not made');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  await browser?.close();
});

/** Every signed-in screen: its address (given the test's zone) and the heading it shows once there. */
const screens: { name: string; path: (zoneId: string) => string; heading?: string }[] = [
  { name: 'Dashboard', path: () => '/dashboard' },
  { name: 'Zones', path: () => '/zones' },
  { name: 'Zone: records', path: (zoneId) => `/zones/${zoneId}`, heading: 'zone' },
  { name: 'Zone: delegation', path: (zoneId) => `/zones/${zoneId}/delegation`, heading: 'Delegation' },
  { name: 'Zone: DNSSEC', path: (zoneId) => `/zones/${zoneId}/dnssec`, heading: 'DNSSEC' },
  { name: 'Zone: history', path: (zoneId) => `/zones/${zoneId}/history`, heading: 'History' },
  { name: 'Zone: import and export', path: (zoneId) => `/zones/${zoneId}/zone-file`, heading: 'Import and export' },
  { name: 'Zone: TSIG keys and secondaries', path: (zoneId) => `/zones/${zoneId}/tsig-keys`, heading: 'TSIG keys and secondaries' },
  { name: 'Zone: analytics', path: (zoneId) => `/zones/${zoneId}/analytics`, heading: 'Analytics' },
  { name: 'API keys', path: () => '/api-keys' },
  { name: 'Webhooks', path: () => '/webhooks' },
  { name: 'Team', path: () => '/team' },
  { name: 'Audit log', path: () => '/audit-log' },
  { name: 'Billing', path: () => '/billing' },
  { name: 'Account', path: () => '/account' },
  { name: 'Security', path: () => '/account/security' },
];

type Figure = { screen: string; theme: string; width: number; sidebar: string; serious: number; critical: number };
const figures: Figure[] = [];

/** Opens a screen with a full load and waits until it has loaded what it shows. */
async function open(page: Page, path: string, heading: string) {
  await page.goto(`${platform.appUrl}${path}`);
  await loaded(page, heading);
}

/**
 * Goes to a screen inside the running app, as its links do (a full load of every screen in every
 * state cost the busy machine minutes), and waits until it has loaded what it shows.
 */
async function visit(page: Page, path: string, heading: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await loaded(page, heading);
}

async function loaded(page: Page, heading: string) {
  await page.locator('main h1').filter({ hasText: heading }).first().waitFor();
  await page.waitForFunction(() => !/Loading/.test(document.querySelector('main')?.textContent ?? 'Loading'));
}

/** Runs axe on the page as it is, records its figures, and answers the serious and critical violations, described. */
async function check(page: Page, where: Omit<Figure, 'serious' | 'critical' | 'width'>): Promise<string[]> {
  await waitUntilStill(page);
  const width = page.viewportSize()!.width;
  const violations = await seriousViolations(page);
  figures.push({
    ...where,
    width,
    serious: violations.filter((violation) => violation.impact === 'serious').length,
    critical: violations.filter((violation) => violation.impact === 'critical').length,
  });
  const found = violations.map(
    (violation) =>
      `${where.screen}, ${where.theme}, ${width} px, sidebar ${where.sidebar}: ${violation.id} (${violation.impact}) ${violation.help}: ${violation.targets.join(', ')}`,
  );
  // Works at that width too: nothing makes the whole page scroll sideways.
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > width) found.push(`${where.screen}, ${where.theme}, ${width} px: the page is ${scrollWidth} px wide`);
  return found;
}

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  // A frame at the new width: what follows the width from script (the phone layout) has run.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

const sidebarState = (page: Page) => page.locator('[data-sidebar="sidebar"]').getAttribute('data-state');

async function setSidebar(page: Page, state: 'expanded' | 'collapsed') {
  if ((await sidebarState(page)) !== state) await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await page.locator(`[data-sidebar="sidebar"][data-state="${state}"]`).waitFor();
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const pressed = (page: Page, name: string) => page.getByRole('group', { name: 'Colour theme' }).getByRole('button', { name }).getAttribute('aria-pressed');

/** Light is the system's here (the browser prefers light, nothing chosen); dark is chosen with the header's toggle. */
async function switchTheme(page: Page, theme: 'light' | 'dark') {
  await page.getByRole('button', { name: theme === 'dark' ? 'Dark theme' : 'System theme' }).click();
  await expect.poll(() => isDark(page)).toBe(theme === 'dark');
}

/**
 * Collapsing the sidebar changes the shell, not the screen (its main column only grows wider): the
 * collapsed sidebar is checked on the screen of each of its entries, not again on every tab of a zone,
 * which share the Zones entry.
 */
const sidebarScreens = screens.filter((screen) => !screen.name.startsWith('Zone: '));

describe.each([
  { sidebar: 'expanded', checked: screens },
  { sidebar: 'collapsed', checked: sidebarScreens },
] as const)('with the sidebar $sidebar, each of its screens in both themes', ({ sidebar, checked }) => {
  beforeAll(async () => {
    const { page } = browser;
    await atWidth(page, 1440);
    await open(page, '/dashboard', 'Dashboard');
    await setSidebar(page, sidebar);
  });

  it.each(checked)('$name has no serious or critical accessibility violation', async (screen) => {
    const { page } = browser;
    await visit(page, screen.path(zone.id), screen.heading === 'zone' ? zone.name : (screen.heading ?? screen.name));
    expect(await sidebarState(page)).toBe(sidebar);
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      found.push(...(await check(page, { screen: screen.name, theme, sidebar })));
      // On a phone the sidebar is a sheet, closed until asked for: one state is enough.
      if (sidebar === 'expanded') {
        await atWidth(page, 390);
        found.push(...(await check(page, { screen: screen.name, theme, sidebar: 'sheet closed' })));
        await atWidth(page, 1440);
      }
    }
    await switchTheme(page, 'light');
    expect(found).toEqual([]);
    expect(browser.errors).toEqual([]);
  });
});

it('the phone navigation, open, has no serious or critical accessibility violation in either theme', async () => {
  const { page } = browser;
  await atWidth(page, 390);
  try {
    await open(page, '/zones', 'Zones');
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      await switchTheme(page, theme);
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page.getByRole('dialog', { name: 'Dashboard navigation' }).waitFor();
      found.push(...(await check(page, { screen: 'Zones', theme, sidebar: 'sheet open' })));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    await switchTheme(page, 'light');
    expect(found).toEqual([]);
  } finally {
    await atWidth(page, 1440);
  }
});

describe('the colour theme', () => {
  it('follows the system setting while none is chosen, also when it changes', async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, '/dashboard', 'Dashboard');
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(2, 6, 23)');
    expect(await pressed(page, 'System theme')).toBe('true');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => isDark(page)).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
  });

  it('remembers a chosen theme and has it in place before the app has run', async () => {
    const { page } = browser;
    await open(page, '/dashboard', 'Dashboard');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect.poll(() => isDark(page)).toBe(true);
    expect(await pressed(page, 'Dark theme')).toBe('true');
    expect(await pressed(page, 'System theme')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // The app's script is held back: what the page shows meanwhile is what the visitor sees first.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const appScript = /\/assets\/index-[\w-]+\.js$/;
    await page.route(appScript, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${platform.appUrl}/dashboard`, { waitUntil: 'commit' });
      await page.waitForFunction(() => document.body && getComputedStyle(document.body).backgroundColor === 'rgb(2, 6, 23)');
      expect(await page.evaluate(() => document.getElementById('root')?.childElementCount)).toBe(0);
      expect(await isDark(page)).toBe(true);
    } finally {
      release();
    }
    await loaded(page, 'Dashboard');
    await page.unroute(appScript);
    expect(await pressed(page, 'Dark theme')).toBe('true');

    await page.getByRole('button', { name: 'Light theme' }).click();
    await expect.poll(() => isDark(page)).toBe(false);
    await page.getByRole('button', { name: 'System theme' }).click();
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    // The theme's script is a file of the dashboard's origin: the Content-Security-Policy stays strict.
    expect(policyViolations).toEqual([]);
  });
});

describe('focus once Escape closes a dialog', () => {
  /** Opens a dialog from `opener` with the keyboard, closes it with Escape, and answers whether focus came back. */
  async function escapeReturnsFocus(page: Page, opener: ReturnType<Page['getByRole']>, dialogName: string) {
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: dialogName });
    await dialog.waitFor();
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
  }

  it('returns to the button of a dialog opened from the screen’s state (create an API key)', async () => {
    const { page } = browser;
    await open(page, '/api-keys', 'API keys');
    await escapeReturnsFocus(page, page.getByRole('button', { name: 'Create API key' }), 'Create an API key');
  });

  it('returns to the button of a dialog that exists only while open (add records)', async () => {
    const { page } = browser;
    await open(page, `/zones/${zone.id}`, zone.name);
    await escapeReturnsFocus(page, page.getByRole('button', { name: 'Add records' }), `Add records to ${zone.name}`);
  });

  it('returns to the sidebar toggle once the phone navigation closes', async () => {
    const { page } = browser;
    await atWidth(page, 390);
    try {
      await open(page, '/zones', 'Zones');
      await escapeReturnsFocus(page, page.getByRole('button', { name: 'Toggle sidebar' }), 'Dashboard navigation');
    } finally {
      await atWidth(page, 1440);
    }
  });

  it('returns to a dialog’s own trigger (add a zone)', async () => {
    const { page } = browser;
    await open(page, '/zones', 'Zones');
    await escapeReturnsFocus(page, page.getByRole('button', { name: 'Add zone' }), 'Add a zone');
  });
});

afterAll(() => {
  // The figures per screen, theme, width and sidebar state, for people to read (and to quote).
  if (figures.length === 0) return;
  const rows = figures.map((figure) => `${figure.screen} | ${figure.theme} | ${figure.width} | ${figure.sidebar} | ${figure.serious} | ${figure.critical}`);
  console.log(['Axe: screen | theme | width | sidebar | serious | critical', ...rows].join('\n'));
});
