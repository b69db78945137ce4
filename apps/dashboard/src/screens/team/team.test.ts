import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { callApi, type Owner, signUpOwner, waitForMailedLink } from '../../testing/owner';
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

describe('the team in the dashboard', () => {
  const invitee = `ivan-${Date.now()}@example.com`;
  let second: Browser;
  const memberRow = () => browser.page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: invitee });
  const invitationRow = (email: string) => browser.page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: email });

  afterAll(async () => {
    await second?.close();
  });

  it('lists the members with their roles, and no invitations yet', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    const self = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: owner.email });
    await self.waitFor();
    expect(await self.textContent()).toContain('(you)');
    expect(await self.textContent()).toContain('Owner');
    await page.getByText('No invitations yet.').waitFor();
    await checkScreen(page, 'team');
  });

  it('invites a member by email; the invitation is pending', async () => {
    const { page } = browser;
    await page.getByLabel('Email').fill(invitee);
    await page.getByLabel('Role').selectOption('member');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${invitee}`).waitFor();
    await invitationRow(invitee).waitFor();
    expect(await invitationRow(invitee).textContent()).toContain('pending');
    await checkScreen(page, 'team-invited');
  });

  it('the invited person opens the mailed link in another browser, sets a password and lands signed in', async () => {
    const link = await waitForMailedLink(platform, invitee, '/invitations/accept');
    expect(link.startsWith(`${platform.appUrl}/invitations/accept?token=`)).toBe(true);
    second = await launchBrowser();
    const { page } = second;
    await page.goto(link);
    await page.getByLabel('Full name').fill('Ivan Invitee');
    await page.getByLabel('Password').fill('a long enough password');
    await checkScreen(page, 'invitation-accept');
    await page.getByRole('button', { name: 'Set password and join' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByText(invitee).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^kst_/);
  });

  it('a member sees the team and the roles, but neither role choices, removal nor invitations', async () => {
    const { page } = second;
    await page.getByRole('link', { name: 'Team' }).click();
    const ownerRow = page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: owner.email });
    await ownerRow.waitFor();
    expect(await ownerRow.textContent()).toContain('Owner');
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Remove/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Invitations' }).count()).toBe(0);
    await checkScreen(page, 'team-as-member');
  });

  it('the owner sees the new member, and the invitation as accepted', async () => {
    const { page } = browser;
    await page.reload();
    await memberRow().waitFor();
    expect(await memberRow().textContent()).toContain('Ivan Invitee');
    expect(await page.getByRole('combobox', { name: 'Role of Ivan Invitee' }).inputValue()).toBe('member');
    expect(await invitationRow(invitee).textContent()).toContain('accepted');
  });

  it('changes the member’s role', async () => {
    const { page } = browser;
    await page.getByRole('combobox', { name: 'Role of Ivan Invitee' }).selectOption('admin');
    await page.getByRole('button', { name: 'Save role of Ivan Invitee' }).click();
    await page.getByText('Ivan Invitee is now admin').waitFor();
    const users = await callApi(platform, owner.apiKey, 'GET', '/users');
    expect(users.body.data.find((user: { email: string }) => user.email === invitee).role).toBe('admin');
  });

  it('removes the member after confirmation; their session ends', async () => {
    const { page } = browser;
    await memberRow().getByRole('button', { name: 'Remove Ivan Invitee' }).click();
    await checkScreen(page, 'team-remove');
    await page.getByRole('alertdialog', { name: 'Remove Ivan Invitee?' }).getByRole('button', { name: 'Remove from team' }).click();
    await page.getByText('Ivan Invitee removed').waitFor();
    await expect.poll(() => memberRow().count()).toBe(0);

    await second.page.reload();
    await second.page.getByRole('heading', { name: 'Sign in to Kaja DNS' }).waitFor();
  });

  it('revokes a pending invitation after confirmation', async () => {
    const { page } = browser;
    const other = `olga-${Date.now()}@example.com`;
    await page.getByLabel('Email').fill(other);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await invitationRow(other).waitFor();
    await invitationRow(other)
      .getByRole('button', { name: `Revoke the invitation of ${other}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke invitation' }).click();
    await expect.poll(async () => (await invitationRow(other).textContent())?.includes('revoked')).toBe(true);
    expect(browser.errors).toEqual([]);
  });
});
