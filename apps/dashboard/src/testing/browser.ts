import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import axe from 'axe-core';
import { type Browser as PlaywrightBrowser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { root } from './platform';

/** Debian's Chromium, headless, with nothing that reaches beyond this machine. */
const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export const screenshotsDir = join(root, 'apps/dashboard/test-results/screenshots');
/**
 * The screens are photographed when SCREENSHOTS=1 asks for it: the pictures are for people to look
 * at, and taking two full pages per screen check cost Chromium 0.6 s of processor time each.
 */
const photographed = process.env.SCREENSHOTS === '1';

export type Browser = { context: BrowserContext; page: Page; errors: string[]; close: () => Promise<void> };

/**
 * One Chromium for every file a Vitest worker runs (they share modules, decision 052): starting and
 * closing one cost 2 s of processor time and 4–6 s of wall time per file. Each test gets a context of
 * its own, which shares nothing with another (storage, cookies, permissions). Playwright closes the
 * browser when the worker exits, and Chromium exits by itself once its pipe to the worker is gone.
 */
let chromiumOfThisWorker: Promise<PlaywrightBrowser> | undefined;

function sharedChromium(): Promise<PlaywrightBrowser> {
  if (!chromiumOfThisWorker) {
    const launched = chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: chromiumFlags });
    chromiumOfThisWorker = launched;
    // A browser that failed to start, crashed or was closed is started again for the next file.
    const forget = () => {
      if (chromiumOfThisWorker === launched) chromiumOfThisWorker = undefined;
    };
    launched.then((browser) => browser.once('disconnected', forget), forget);
  }
  return chromiumOfThisWorker;
}

/** A fresh context of Chromium (nothing stored, so no credentials), and one page in it. */
export async function launchBrowser(): Promise<Browser> {
  const context = await (await sharedChromium()).newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  if (photographed) mkdirSync(screenshotsDir, { recursive: true });
  return { context, page, errors, close: () => context.close() };
}

/**
 * Checks the screen in view with axe (no serious or critical violation) and that it fits 1440 and
 * 375 px wide, photographing it at both widths when SCREENSHOTS=1.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  // Toasts come and go on their own time (sonner removes one 4 s after it came), so one could fade
  // while axe runs (a failed colour contrast on a half-faded toast once): the screen is checked and
  // photographed with the toaster hidden, which ends any toast's transition at once.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.id = 'kaja-check-without-toasts';
    style.textContent = '[data-sonner-toaster] { display: none !important; }';
    document.head.append(style);
  });
  try {
    await checkStillScreen(page, name);
  } finally {
    await page.evaluate(() => document.getElementById('kaja-check-without-toasts')?.remove());
  }
}

export type Violation = { id: string; impact: 'serious' | 'critical'; help: string; targets: string[] };

/** The serious and critical violations axe finds in the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // Axe runs in the page itself (the dashboard has no frames whose results would need a blank page
  // of their own to be put together) and reports only the violations: 0.57 s of processor time per
  // check, 1.8 s the default way of `@axe-core/playwright` (decision 052). Its source (650 kB) is put
  // in a document once, not twice per check as `@axe-core/playwright` did: a screen reached inside the
  // app (as the accessibility sweep goes) keeps it, so only the run itself is paid again.
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.flatMap((violation) =>
    violation.impact === 'serious' || violation.impact === 'critical' ? [{ ...violation, impact: violation.impact }] : [],
  );
}

/** Resolves once nothing on the page has moved for a moment. */
export async function waitUntilStill(page: Page): Promise<void> {
  // A dialog still fading in has not its final colours yet: check the screen once it has been still
  // for a moment, since a transition starts a frame or two after its element is added. (Endless
  // animations, such as a pulsing progress bar, never settle and are left out.)
  await page.evaluate(() => delete (window as { stillSince?: number }).stillSince);
  await page.waitForFunction(
    ({ stillFor }) => {
      const state = window as { stillSince?: number };
      const moving = document
        .getAnimations()
        .some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
      if (moving) delete state.stillSince;
      else state.stillSince ??= performance.now();
      return state.stillSince !== undefined && performance.now() - state.stillSince >= stillFor;
    },
    { stillFor: 250 },
  );
}

async function checkStillScreen(page: Page, name: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 1440, height: 900 };
  await waitUntilStill(page);
  const serious = (await seriousViolations(page)).map((violation) => `${violation.id}: ${violation.help} (${violation.targets.join(', ')})`);
  expect(serious, `accessibility of ${name}`).toEqual([]);
  for (const screenWidth of [1440, 375]) {
    await page.setViewportSize({ width: screenWidth, height: 900 });
    // A frame at the new width first: what follows the width from script (a media query's listener) has run.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    if (photographed) await page.screenshot({ path: join(screenshotsDir, `${name}-${screenWidth}.png`), fullPage: true });
    // Works at that width: nothing makes the whole page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `width of ${name} at ${screenWidth} px`).toBeLessThanOrEqual(screenWidth);
  }
  await page.setViewportSize({ width, height });
}
