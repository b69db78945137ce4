import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail } from '../../testing/accounts';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { callApi, type Owner, signUpOwner, waitForMailedLink } from '../../testing/owner';
import { type PlatformInUse, sharedPlatform } from '../../testing/platform';

let platform: PlatformInUse;
// The platform is shared with other files (`sharedPlatform`): zone names of this file's own.
const stamp = Date.now().toString(36);
const [first, second] = [`keys-${stamp}.com`, `keys-${stamp}.net`];
let browser: Browser;
let owner: Owner;
const zones: Record<string, string> = {};

/** The HTTP status curl gets for GET `path` with `secret` as bearer token. */
async function curlStatus(secret: string, path: string, method = 'GET', body?: unknown): Promise<number> {
  const args = ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-X', method, '-H', `Authorization: Bearer ${secret}`];
  if (body !== undefined) args.push('-H', 'Content-Type: application/json', '--data', JSON.stringify(body));
  const { stdout } = await promisify(execFile)('curl', [...args, `${platform.apiUrl}${path}`]);
  return Number(stdout);
}

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: platform.appUrl });
  owner = await signUpOwner(platform, browser.page);
  for (const name of [first, second]) {
    const created = await callApi(platform, owner.apiKey, 'POST', '/zones', { name, type: 'primary', ttl: 3600 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    zones[name] = created.body.data.id;
  }
});

afterAll(async () => {
  await browser?.close();
});

describe('API keys in the dashboard', () => {
  let secret = '';
  const row = () => browser.page.getByRole('row').filter({ hasText: 'deploy bot' });

  it('lists the keys with prefix, scopes, creation, last use and expiry', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { name: 'API keys' }).waitFor();
    const defaultRow = page.getByRole('row').filter({ hasText: 'Default' });
    await defaultRow.waitFor();
    expect(await defaultRow.textContent()).toContain(owner.apiKey.slice(0, 12));
    expect(await defaultRow.textContent()).toContain('zones:*');
    await checkScreen(page, 'api-keys');
  });

  it('creates a key limited to one zone with records:read and records:write, and shows its secret once with a copy button', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').first().fill('deploy bot');
    await dialog.getByRole('checkbox', { name: /records:read/ }).check();
    await dialog.getByRole('checkbox', { name: /records:write/ }).check();
    await dialog.getByRole('checkbox', { name: first }).check();
    await dialog.getByLabel('Maximum unused time').selectOption({ label: '90 days' });
    await checkScreen(page, 'api-keys-create');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'API key created' });
    await shown.waitFor();
    secret = (await shown.getByLabel('Secret', { exact: true }).textContent())!.trim();
    expect(secret).toMatch(/^kak_/);
    await checkScreen(page, 'api-keys-secret');
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    // The button says it is done, and its name (what a screen reader hears) with it.
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.keyboard.press('Escape');

    await row().waitFor();
    const text = await row().textContent();
    expect(text).toContain(secret.slice(0, 12));
    expect(text).toContain('records:read');
    expect(text).toContain('records:write');
    expect(text).toContain(first);
    expect(text).toContain('max. unused 90 d');
  });

  it('the copied secret works with curl on its zone and is refused on another', async () => {
    expect(await curlStatus(secret, `/zones/${zones[first]}/records`)).toBe(200);
    expect(await curlStatus(secret, `/zones/${zones[first]}/records`, 'POST', { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 })).toBe(201);
    expect(await curlStatus(secret, `/zones/${zones[second]}/records`)).toBe(404);
    expect(await curlStatus(secret, `/zones/${zones[second]}/records`, 'POST', { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 })).toBe(404);
    // Its scopes do not reach zones themselves.
    expect(await curlStatus(secret, '/zones', 'POST', { name: 'example.org', type: 'primary' })).toBe(403);
  });

  it('rotates the key: the new secret is shown once and works, the old one stops at once', async () => {
    const { page } = browser;
    await row().getByRole('button', { name: 'Rotate deploy bot' }).click();
    await page.getByRole('alertdialog', { name: 'Rotate “deploy bot”?' }).getByRole('button', { name: 'Rotate key' }).click();
    const shown = page.getByRole('dialog', { name: 'API key rotated' });
    await shown.waitFor();
    const rotated = (await shown.getByLabel('Secret', { exact: true }).textContent())!.trim();
    expect(rotated).toMatch(/^kak_/);
    expect(rotated).not.toBe(secret);
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await row().textContent())?.includes(rotated.slice(0, 12))).toBe(true);

    expect(await curlStatus(secret, `/zones/${zones[first]}/records`)).toBe(401);
    expect(await curlStatus(rotated, `/zones/${zones[first]}/records`)).toBe(200);
    secret = rotated;
  });

  it('revokes the key after confirmation: it is gone from the list and refused', async () => {
    const { page } = browser;
    await row().getByRole('button', { name: 'Revoke deploy bot' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “deploy bot”?' });
    await checkScreen(page, 'api-keys-revoke');
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => row().count()).toBe(0);
    expect(await curlStatus(secret, `/zones/${zones[first]}/records`)).toBe(401);
  });

  it('creates a key with a record policy, address ranges and an expiry day; the API’s refusal of a bad range is shown at the field', async () => {
    const { page } = browser;
    const nextYear = `${new Date().getFullYear() + 1}-06-30`;
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').first().fill('acme client');
    await dialog.getByRole('checkbox', { name: /records:read/ }).check();
    await dialog.getByRole('checkbox', { name: /records:write/ }).check();
    await dialog.getByRole('button', { name: 'Add a record policy' }).click();
    await dialog.getByLabel('Zone', { exact: true }).selectOption(first);
    await dialog.getByLabel('Name', { exact: true }).last().fill('_acme-challenge');
    await dialog.getByLabel('Type').fill('TXT');
    await dialog.getByLabel('IP ranges').fill('127.0.0.0/8\nnot-a-range');
    await dialog.getByLabel('Expires on').fill(nextYear);
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await dialog.getByText('not-a-range is not an IPv4 or IPv6 address range (CIDR)').waitFor();
    expect(await dialog.getByLabel('IP ranges').getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, 'api-keys-create-refused');

    await dialog.getByLabel('IP ranges').fill('127.0.0.0/8');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'API key created' });
    const acme = (await shown.getByLabel('Secret', { exact: true }).textContent())!.trim();
    await page.keyboard.press('Escape');
    const acmeRow = page.getByRole('row').filter({ hasText: 'acme client' });
    await acmeRow.waitFor();
    expect(await acmeRow.textContent()).toContain('1 record policy · 127.0.0.0/8');
    expect(await acmeRow.textContent()).toContain(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(`${nextYear}T00:00`)));

    const zone = zones[first];
    expect(await curlStatus(acme, `/zones/${zone}/records`, 'POST', { type: 'TXT', name: '_acme-challenge', content: 'token-1', ttl: 60 })).toBe(201);
    expect(await curlStatus(acme, `/zones/${zone}/records`, 'POST', { type: 'A', name: 'mail', content: '192.0.2.9', ttl: 60 })).toBe(403);

    await acmeRow.getByRole('button', { name: 'Revoke acme client' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => acmeRow.count()).toBe(0);
  });

  it('an owner sees the team’s keys with their person, creator and last use, and revokes a member’s; the member sees only their own', async () => {
    const { page } = browser;
    const email = newEmail('mona');
    expect((await callApi(platform, owner.apiKey, 'POST', '/invitations-admin', { email, role: 'member' })).status).toBe(201);
    const second = await launchBrowser();
    try {
      const memberPage = second.page;
      await memberPage.goto(await waitForMailedLink(platform, email, '/invitations/accept'));
      await memberPage.getByLabel('Full name').fill('Mona Member');
      await memberPage.getByLabel('Password').fill('a long enough password');
      await memberPage.getByRole('button', { name: 'Set password and join' }).click();
      await memberPage.getByRole('heading', { name: 'Dashboard' }).waitFor();
      const signIn = await fetch(`${platform.apiUrl}/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'a long enough password' }),
      }).then((response) => response.json() as Promise<{ data: { access_token: string; user: { id: string } } }>);
      const memberId = signIn.data.user.id;
      // One key the owner made for the member, one the member made and used.
      expect((await callApi(platform, owner.authToken, 'POST', `/users/${memberId}/apikeys`, { name: 'mona sync', scopes: ['zones:read'] })).status).toBe(201);
      const own = await callApi(platform, signIn.data.access_token, 'POST', `/users/${memberId}/apikeys`, { name: 'mona laptop', scopes: ['zones:read'] });
      expect(own.status).toBe(201);
      expect(await curlStatus(own.body.data.key, '/zones')).toBe(200);

      await page.reload();
      const sync = page.getByRole('row').filter({ hasText: 'mona sync' });
      const laptop = page.getByRole('row').filter({ hasText: 'mona laptop' });
      await sync.waitFor();
      expect(await sync.getByRole('cell').nth(1).textContent()).toBe('Mona Membercreated by You');
      expect(await laptop.getByRole('cell').nth(1).textContent()).toBe('Mona Member');
      expect(await laptop.textContent()).not.toContain('Last used never');
      // A member's secret is theirs: the owner revokes it but does not rotate it.
      expect(await laptop.getByRole('button', { name: 'Rotate mona laptop' }).count()).toBe(0);
      await checkScreen(page, 'api-keys-team');

      // The member sees their two keys and nobody else's.
      await memberPage.getByRole('link', { name: 'API keys' }).click();
      await memberPage.getByRole('row').filter({ hasText: 'mona laptop' }).waitFor();
      await memberPage.getByRole('row').filter({ hasText: 'mona sync' }).waitFor();
      expect(await memberPage.getByRole('row').filter({ hasText: 'Default' }).count()).toBe(0);
      expect(await memberPage.getByRole('row').filter({ hasText: 'acme client' }).count()).toBe(0);
      await checkScreen(memberPage, 'api-keys-as-member');

      for (const [name, row] of [
        ['mona laptop', laptop],
        ['mona sync', sync],
      ] as const) {
        await row.getByRole('button', { name: `Revoke ${name}` }).click();
        await page
          .getByRole('alertdialog', { name: `Revoke “${name}”?` })
          .getByRole('button', { name: 'Revoke key' })
          .click();
        await expect.poll(() => row.count()).toBe(0);
      }
      expect(await curlStatus(own.body.data.key, '/zones')).toBe(401);
      expect(second.errors).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('revoking the key the dashboard itself uses leaves the dashboard working on the session, with the empty list', async () => {
    const { page } = browser;
    await page.getByRole('row').filter({ hasText: 'Default' }).getByRole('button', { name: 'Revoke Default' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('No API keys yet').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('api_key'))).toBeNull();
    await checkScreen(page, 'api-keys-empty');
    await page.reload();
    await page.getByText('No API keys yet').waitFor();
    expect(browser.errors).toEqual([]);
  });
});
