import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpInBrowser } from '../../testing/accounts';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { mailedLink, type PlatformInUse, sharedPlatform } from '../../testing/platform';

let platform: PlatformInUse;
let browser: Browser;

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const stored = (page: Page) => page.evaluate(() => ({ authToken: localStorage.getItem('auth_token'), apiKey: localStorage.getItem('api_key') }));

/** Invites `email` as a member of the signed-in owner's customer, with the owner's API key, and returns the mailed link. */
async function invite(page: Page, email: string): Promise<string> {
  const { apiKey } = await stored(page);
  const mailsBefore = platform.mails().filter((mail) => mail.includes(email)).length;
  const response = await fetch(`${platform.apiUrl}/invitations-admin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role: 'member' }),
  });
  expect(response.status).toBe(201);
  await expect.poll(() => platform.mails().filter((mail) => mail.includes(email)).length).toBe(mailsBefore + 1);
  return mailedLink(platform, email, '/invitations/accept')!;
}

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to Kaja DNS' }).waitFor();
};

describe('accepting an invitation from the mailed link', () => {
  const member = `member-${Date.now()}@example.com`;
  const password = 'a member password that is long';

  it('lets a new user choose a name and password, and signs them in to the team', async () => {
    const { page } = browser;
    await signUpInBrowser(page, platform, `first-owner-${Date.now()}@example.com`);
    const link = await invite(page, member);
    expect(link.startsWith(`${platform.appUrl}/invitations/accept?token=`)).toBe(true);
    await signOut(page);

    await page.goto(link);
    await page.getByLabel('Full name').fill('Mia Member');
    await page.getByLabel('Password').fill(password);
    await checkScreen(page, 'invitation-new-user');
    await page.getByRole('button', { name: 'Set password and join' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText(member).waitFor();
    await signOut(page);
  });

  it('asks an existing user to sign in first, then brings them back to join', async () => {
    const { page } = browser;
    await signUpInBrowser(page, platform, `second-owner-${Date.now()}@example.com`);
    await page.getByText('Owner Networks OÜ').waitFor();
    const link = await invite(page, member);
    await signOut(page);

    await page.goto(link);
    await page
      .getByRole('alert')
      .filter({ hasText: `Sign in as ${member}` })
      .waitFor();
    await checkScreen(page, 'invitation-sign-in-first');
    await page.getByRole('link', { name: 'Sign in with it' }).click();
    await page.getByLabel('Email').fill(member);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).last().click();
    await page.getByText('You joined the team as member.').waitFor();
    await checkScreen(page, 'invitation-joined');
    await page.getByRole('link', { name: 'Open the dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});
