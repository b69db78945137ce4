// A signed-in owner for the browser tests of the signed-in screens: signed up through the API, then
// signed in by opening the mailed verification link in the browser, as a customer does.
import type { Page } from 'playwright-core';
import { newEmail } from './accounts';
import { mailedLink, type PlatformInUse } from './platform';

export type Owner = { email: string; password: string; apiKey: string; authToken: string };

export async function signUpOwner(platform: PlatformInUse, page: Page, name = 'owner'): Promise<Owner> {
  const email = newEmail(name);
  const password = 'correct horse battery staple';
  const signup = await fetch(`${platform.apiUrl}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, full_name: 'Olivia Owner', company: 'Owner Networks OÜ' }),
  });
  if (signup.status !== 202) throw new Error(`Sign-up answered ${signup.status}: ${await signup.text()}`);
  await page.goto(await waitForMailedLink(platform, email, '/auth/verify-email'));
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  const stored = await page.evaluate(() => ({ apiKey: localStorage.getItem('api_key'), authToken: localStorage.getItem('auth_token') }));
  return { email, password, apiKey: stored.apiKey!, authToken: stored.authToken! };
}

/** The link once its mail is in the outbox (usable outside a test, e.g. in beforeAll). */
export async function waitForMailedLink(platform: PlatformInUse, to: string, path: string): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const link = mailedLink(platform, to, path);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a link to ${path}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A call to the API with a bearer token, as a program outside the browser makes it. */
export async function callApi(platform: PlatformInUse, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${platform.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { data: any } };
}
