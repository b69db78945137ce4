import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { builtProgram } from '@kaja/test-support/programs';
import { type Account, signedInAccount } from './account';
import { type Browser, launchBrowser } from './browser';
import { type Platform, root, startPlatform } from './platform';

/** Calls `/v1<path>` as `token` (none: anonymously), answering the status and the parsed envelope. */
export async function callAs(platform: Platform, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${platform.apiUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** Platform staff made as the operator does (`npm run admin -- create-staff`), signed in with an authenticator app set up; answers the session token. */
export async function signInStaff(platform: Platform): Promise<string> {
  const email = `staff-${Date.now()}@example.com`;
  const { stdout } = await promisify(execFile)(process.execPath, [builtProgram('apps/platform/src/admin.ts'), 'create-staff', email], {
    cwd: root,
    env: { ...process.env, DATA_DIR: platform.dataDir },
  });
  const password = /first password: (\S+)/.exec(stdout)![1]!;
  const token = (await callAs(platform, 'POST', '/auth/signin', undefined, { email, password })).body.data.access_token as string;
  const { secret } = (await callAs(platform, 'POST', '/auth/totp', token)).body.data;
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
  const confirmed = await callAs(platform, 'POST', '/auth/totp/confirm', token, { code });
  if (confirmed.status !== 200) throw new Error(`two-step sign-in not confirmed: ${confirmed.status}`);
  return token;
}

/** The page's dashboard signed in as `token` (a session, as the browser stores it). */
export async function useSessionIn(page: Page, platform: Platform, token: string): Promise<void> {
  await page.evaluate((value) => {
    localStorage.removeItem('api_key');
    localStorage.setItem('auth_token', value);
  }, token);
  await page.goto(`${platform.appUrl}/dashboard`);
}

/**
 * What a console screen's test starts with: a platform (with `env`), a browser signed in as a
 * customer's owner named `name`, and a staff session. The test stops the browser and the platform;
 * when signing in fails, they are stopped here.
 */
export async function startConsole(
  name: string,
  env?: Record<string, string>,
): Promise<{ platform: Platform; browser: Browser; page: Page; customer: Account; staffToken: string }> {
  const [platform, browser] = await Promise.all([startPlatform(env), launchBrowser()]);
  try {
    const customer = await signedInAccount(platform, browser.page, name);
    return { platform, browser, page: browser.page, customer, staffToken: await signInStaff(platform) };
  } catch (error) {
    await browser.close();
    await platform.stop();
    throw error;
  }
}
