// A platform without DELEGATION_RESOLVER: zones are active at once and no parent is ever read.
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, createZone, signedInAccount } from '../../testing/account';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type PlatformInUse, sharedPlatform } from '../../testing/platform';

let platform: PlatformInUse;
let browser: Browser;
let account: Account;
let zone: { id: string; name: string; name_servers: string[] };

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
  account = await signedInAccount(platform, browser.page, 'unchecked');
  zone = (await createZone(platform, account, 'unchecked')) as typeof zone;
});

afterAll(async () => {
  await browser?.close();
});

describe('the delegation tab where the platform does not check delegations', () => {
  it('says so once, claims nothing about the parent, and lists the name servers to set without marking them missing', async () => {
    const { page } = browser;
    // Opened directly: the stored delegation is asked for beside the zone, not after it.
    const started = new Map<string, number>();
    const answered = new Map<string, number>();
    const which = (url: string) => (url.endsWith(`/v1/zones/${zone.id}/delegation`) ? 'delegation' : url.endsWith(`/v1/zones/${zone.id}`) ? 'zone' : null);
    const seen = (times: Map<string, number>) => (request: Request) => {
      const key = which(request.url());
      if (key && request.method() === 'GET' && !times.has(key)) times.set(key, Date.now());
    };
    const onRequest = seen(started);
    const onFinished = seen(answered);
    page.on('request', onRequest);
    page.on('requestfinished', onFinished);
    await page.goto(`${platform.appUrl}/zones/${zone.id}/delegation`);
    const headline = page.getByTestId('delegation-headline');
    await headline.waitFor();
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    expect(started.get('delegation')).toBeLessThanOrEqual(answered.get('zone')!);

    expect(await headline.textContent()).toBe('Delegation not checked');
    await page.getByText('This platform does not read parent zones').waitFor();
    await checkScreen(page, 'zone-delegation-unchecked');
    // None of the contradictions: no claim that the parent delegated, no "not checked yet", no "missing".
    const text = await page.getByRole('main').innerText();
    expect(text).not.toContain('The parent zone has delegated');
    expect(text).not.toContain('Not checked yet');
    expect(text).not.toMatch(/\bmissing\b/);
    expect(await page.getByRole('button', { name: 'Check now' }).count()).toBe(0);

    const toSet = page.getByRole('region', { name: 'Name servers to set at your registrar' });
    expect(await toSet.locator('code').allTextContents()).toEqual(zone.name_servers);
    await page.getByRole('region', { name: 'Name servers at the parent zone' }).getByText('Not checked on this platform').waitFor();
    expect(browser.errors).toEqual([]);
  });
});
