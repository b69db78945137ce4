import type { Page } from 'playwright-core';
import { newEmail } from './accounts';
import { mailedLink, type PlatformInUse } from './platform';

export type Account = { email: string; apiKey: string; authToken: string };

/**
 * A new customer signed in in `page`: signed up through the API, then the mailed verification link
 * opened in the browser, which stores the session and the default API key as a visitor's would be.
 */
export async function signedInAccount(platform: PlatformInUse, page: Page, name: string): Promise<Account> {
  const email = newEmail(name);
  const response = await fetch(`${platform.apiUrl}/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery staple', full_name: 'Test Owner', company: 'Test Networks OÜ' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  // Runs in beforeAll too, where expect.poll is not available: wait for the mail by hand.
  let link: string | undefined;
  for (let tries = 0; !(link = mailedLink(platform, email, '/auth/verify-email')); tries++) {
    if (tries > 150) throw new Error(`no verification mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.goto(link);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  const stored = await page.evaluate(() => ({ apiKey: localStorage.getItem('api_key'), authToken: localStorage.getItem('auth_token') }));
  return { email, apiKey: stored.apiKey!, authToken: stored.authToken! };
}

/** A call to the API with the account's key, answering the parsed envelope (or the text of a non-JSON answer). */
export async function callApi(platform: PlatformInUse, account: Account, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${platform.apiUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${account.apiKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

/** A new zone of the account, with a name no other test uses. */
export async function createZone(platform: PlatformInUse, account: Account, label: string): Promise<{ id: string; name: string }> {
  const created = await callApi(platform, account, 'POST', '/zones', { name: `${label}-${Date.now().toString(36)}.com` });
  if (created.status !== 201) throw new Error(`zone creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.data;
}
