import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { type Owner, signUpOwner } from '../../testing/owner';
import { type PlatformInUse, sharedPlatform } from '../../testing/platform';

let platform: PlatformInUse;
let browser: Browser;
let owner: Owner;

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
  owner = await signUpOwner(platform, browser.page);
});

afterAll(async () => {
  await browser?.close();
});

const signIn = (email: string, password: string) =>
  fetch(`${platform.apiUrl}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

describe('the account in the dashboard', () => {
  const newPassword = 'a new and longer passphrase';

  it('changes the profile name; it stays after a reload', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(owner.email);
    await checkScreen(page, 'account');
    await page.getByLabel('Full name').fill('Olivia Q. Owner');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Olivia Q. Owner');
  });

  it('changes the company name and default network; the dashboard shows the new name', async () => {
    const { page } = browser;
    await page.getByLabel('Company').fill('Owner Networks AS');
    await page.getByLabel('Default network for new zones').selectOption('EU');
    await page.getByRole('button', { name: 'Save company' }).click();
    await page.getByText('Company saved').waitFor();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByText('Owner Networks AS').waitFor();
    await page.getByRole('link', { name: 'Account' }).click();
    await expect.poll(() => page.getByLabel('Default network for new zones').inputValue()).toBe('EU');
  });

  it('refuses a wrong current password and the API’s weak passwords, with the reason at the field', async () => {
    const { page } = browser;
    const fill = async (current: string, next: string, repeat = next) => {
      await page.getByLabel('Current password').fill(current);
      await page.getByLabel('New password', { exact: true }).fill(next);
      await page.getByLabel('Repeat the new password').fill(repeat);
      await page.getByRole('button', { name: 'Change password' }).click();
    };
    await fill(owner.password, newPassword, 'something else entirely');
    await page.getByText('The two new passwords differ').waitFor();

    await fill('not my password', newPassword);
    await page.getByText('Current password is incorrect').waitFor();

    // The length rule is the API's: the page shows the API's own words for it.
    const refusal = await fetch(`${platform.apiUrl}/auth/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.authToken}` },
      body: JSON.stringify({ current_password: owner.password, new_password: 'short' }),
    });
    expect(refusal.status).toBe(422);
    const tooShort = (await refusal.json()).error.details.new_password as string;
    expect(tooShort).toBeTruthy();
    await fill(owner.password, 'short');
    await page.getByText(tooShort).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await fill(owner.password, owner.email);
    await page.getByText('Password must not be the same as the email address').waitFor();
    await checkScreen(page, 'account-password-refused');
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it('changes the password: the new one signs in, the old one no longer does, and this browser stays signed in', async () => {
    const { page } = browser;
    await page.getByLabel('Current password').fill(owner.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed').waitFor();
    expect((await signIn(owner.email, newPassword)).status).toBe(200);
    expect((await signIn(owner.email, owner.password)).status).toBe(401);
    await page.reload();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
  });

  it('signs out everywhere after confirmation: this browser and every other session', async () => {
    const { page } = browser;
    const elsewhere = (await (await signIn(owner.email, newPassword)).json()).data.access_token as string;
    const session = (token: string) => fetch(`${platform.apiUrl}/auth/session`, { headers: { authorization: `Bearer ${token}` } });
    expect((await session(elsewhere)).status).toBe(200);

    await page.goto(`${platform.appUrl}/account/security`);
    // The cards above the button grow as their data comes (the authenticator app's, the sessions'):
    // a click while they do can land where the button was, and the confirmation never opens.
    await page.getByRole('button', { name: 'Set up an authenticator app' }).waitFor();
    await page.getByText('This browser').waitFor();
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const confirmation = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    await confirmation.waitFor();
    await checkScreen(page, 'security-sign-out-everywhere');
    await confirmation.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('heading', { name: 'Sign in to Kaja DNS' }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('api_key')])).toEqual([null, null]);
    expect((await session(elsewhere)).status).toBe(401);
    expect(browser.errors).toEqual([]);
  });
});
