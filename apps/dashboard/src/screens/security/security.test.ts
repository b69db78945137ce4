import * as OTPAuth from 'otpauth';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { callApi, type Owner, signUpOwner } from '../../testing/owner';
import { mailedLink, type Platform, startPlatform } from '../../testing/platform';

let platform: Platform;
let browser: Browser;
let owner: Owner;
let authenticator: CDPSession;
let authenticatorId = '';
let totpSecret = '';
let recoveryCodes: string[] = [];

/** The code the authenticator app shows `steps` time steps from now. */
const code = (steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totpSecret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

beforeAll(async () => {
  // Passkeys belong to a host name (the relying party), never to an IP address: the dashboard runs on localhost.
  [platform, browser] = await Promise.all([startPlatform({}, { appHost: 'localhost' }), launchBrowser()]);
  owner = await signUpOwner(platform, browser.page, 'security');
  // Chromium's own virtual authenticator: a real WebAuthn device as far as the page and the API can tell.
  authenticator = await browser.page.context().newCDPSession(browser.page);
  await authenticator.send('WebAuthn.enable');
  ({ authenticatorId } = await authenticator.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  }));
});

afterAll(async () => {
  await authenticator?.detach().catch(() => undefined);
  await browser?.close();
  await platform?.stop();
});

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('heading', { name: 'Sign in to Kaja DNS' }).waitFor();
};

const signInWithPassword = async (page: Page, email: string, password: string) => {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

const openSecurity = async (page: Page) => {
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
};

describe('the security screen', () => {
  it('lists the sessions and signs another one out', async () => {
    const { page } = browser;
    const other = await fetch(`${platform.apiUrl}/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Android 15; Mobile; rv:144.0) Gecko/144.0 Firefox/144.0' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    const otherToken = ((await other.json()) as { data: { access_token: string } }).data.access_token;
    await openSecurity(page);
    // Named by browser and system, read from the user agent: not the raw text.
    const row = page.getByRole('row').filter({ hasText: 'Firefox 144 on Android' });
    await row.waitFor();
    const current = page.getByRole('row').filter({ hasText: 'This browser' });
    await current.waitFor();
    expect(await current.innerText()).toMatch(/Chrom\w* \d+ on Linux/);
    expect(await page.getByRole('table').innerText()).not.toContain('Mozilla/5.0');
    await checkScreen(page, 'security');
    await row.getByRole('button', { name: /Sign out the session/ }).click();
    await row.waitFor({ state: 'detached' });
    expect((await callApi(platform, otherToken, 'GET', '/auth/session')).status).toBe(401);
  });

  it('sets up an authenticator app with the QR code and shows the recovery codes once', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    totpSecret = (await page.locator('code').first().textContent())!.trim();
    expect(totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    await checkScreen(page, 'security-totp-enrolment');
    await page.getByLabel('Code from the app').fill(code() === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('The code is not right').waitFor();
    await page.getByLabel('Code from the app').fill(code());
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'Copy the recovery codes' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('kaja-dns-recovery-codes.txt');
    await checkScreen(page, 'security-recovery-codes');
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.getByRole('button', { name: 'Turn off the authenticator app' }).waitFor();
    await page.getByText('10 of 10 left').waitFor();
    await expect.poll(() => platform.mails().some((mail) => mail.includes(owner.email) && mail.includes('authenticator app added'))).toBe(true);
  });

  it('adds, renames and lists passkeys, made by Chromium’s virtual authenticator', async () => {
    const { page } = browser;
    await page.getByLabel('Name of the new passkey').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const passkeys = page.getByRole('list', { name: 'Passkeys' });
    await passkeys.getByText('Test laptop').waitFor();
    await page.getByRole('button', { name: 'Rename Test laptop' }).click();
    await page.getByLabel('Passkey name').fill('Work laptop');
    await page.getByRole('button', { name: 'Save name' }).click();
    await passkeys.getByText('Work laptop').waitFor();
    const { credentials } = await authenticator.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await checkScreen(page, 'security-passkeys');
  });

  it('asks for the second factor after the password: app code, passkey, or recovery code', async () => {
    const { page } = browser;
    await signOut(page);
    await signInWithPassword(page, owner.email, owner.password);
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await checkScreen(page, 'sign-in-second-factor');
    await page.getByLabel('Code from your authenticator app').fill(code(1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await signOut(page);
    await signInWithPassword(page, owner.email, owner.password);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await page.getByRole('button', { name: 'Sign in with your passkey' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await signOut(page);
    await signInWithPassword(page, owner.email, owner.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    // The same recovery code does not work twice.
    await signOut(page);
    await signInWithPassword(page, owner.email, owner.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('The recovery code is not right or was used already').waitFor();
  });

  it('signs in with a passkey alone, instead of the password and a code', async () => {
    const { page } = browser;
    await page.goto(`${platform.appUrl}/auth`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await openSecurity(page);
    await page.getByRole('row').filter({ hasText: 'This browser' }).waitFor();
  });

  it('removes a passkey', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByRole('button', { name: 'Remove passkey' }).click();
    await page.getByText('No passkeys yet.').waitFor();
    await expect.poll(() => platform.mails().some((mail) => mail.includes(owner.email) && mail.includes('passkey removed'))).toBe(true);
  });
});

describe('the owner’s requirement', () => {
  it('leads a member without a second factor to set one up before anything else', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
    const requirement = page.getByLabel('Require two-step sign-in for every member');
    await requirement.check();
    await expect.poll(() => requirement.isChecked()).toBe(true);
    await checkScreen(page, 'team-two-factor-requirement');

    const member = `member-${Date.now()}@example.com`;
    const invited = await callApi(platform, owner.apiKey, 'POST', '/invitations-admin', { email: member, role: 'member' });
    expect(invited.status).toBe(201);
    await expect.poll(() => mailedLink(platform, member, '/invitations/accept')).toBeTruthy();
    await signOut(page);

    await page.goto(mailedLink(platform, member, '/invitations/accept')!);
    await page.getByLabel('Full name').fill('Mia Member');
    await page.getByLabel('Password').fill('a member password that is long');
    await page.getByRole('button', { name: 'Set password and join' }).click();
    await page.getByText('Set up two-step sign-in to go on').waitFor();
    await checkScreen(page, 'security-enrolment-required');
    // Nothing else opens until then.
    await page.goto(`${platform.appUrl}/zones`);
    await page.getByText('Set up two-step sign-in to go on').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/security');

    await page.getByLabel('Name of the new passkey').fill('Member phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await page.getByRole('button', { name: 'I have kept them' }).click();
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await expect.poll(() => platform.mails().some((mail) => mail.includes(owner.email) && mail.includes(`${member} accepted the invitation`))).toBe(true);
  });
});
