import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as OTPAuth from 'otpauth';
import { builtProgram } from '@kaja/test-support/programs';
import { type Platform, root } from './platform';

/** Calls `/v1<path>` as `token` (or with no credential), answering the status and the parsed envelope. */
export async function callAs(platform: Platform, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${platform.apiUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** Platform staff made as the operator does (npm run admin), signed in with an authenticator app set up; answers the access token. */
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
  if (confirmed.status !== 200) throw new Error(`second factor not confirmed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return token;
}
