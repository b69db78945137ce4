// A customer on the Scale plan with one zone of many record sets, for the records screen's tests and
// its benchmark: the sets are written through the API's bulk change, a thousand a request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@kaja/db';
import { sql } from '@kaja/db/orm';
import { seedEmbeddedDatabase } from '@kaja/db/testing';
import type { Page } from 'playwright-core';
import { mailedLink, type Platform, startPlatform } from './platform';

export type BigZone = {
  platform: Platform;
  zone: { id: string; name: string };
  apiKey: string;
  /** Calls the API with the customer’s key and answers the envelope’s data. */
  api: <T = any>(method: string, path: string, body?: unknown) => Promise<T>;
  /** Signs the page in as the customer (the credentials the dashboard keeps in the browser). */
  signIn: (page: Page) => Promise<void>;
  /** Stops the platform and removes its data. */
  stop: () => Promise<void>;
};

/** The name of the i-th set: `host-00042`. */
export const hostName = (i: number) => `host-${String(i).padStart(5, '0')}`;
/** The address of the i-th set: 10.0.0.42. */
export const hostAddress = (i: number) => `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`;

async function call<T>(platform: Platform, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const response = await fetch(`${platform.apiUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** Starts a platform with a customer whose zone holds `sets` A sets (hostName(i) → hostAddress(i)) beside its SOA and NS. */
export async function startWithBigZone(sets: number): Promise<BigZone> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kaja-big-zone-'));
  await seedEmbeddedDatabase(dataDir);
  let platform = await startPlatform({}, { dataDir });
  try {
    const email = `big-zone-${Date.now()}@example.com`;
    await call(platform, 'POST', '/auth/signup', null, { email, password: 'a big zone password', full_name: 'Bea Big', company: 'Big Zones' });
    for (let tries = 0; !mailedLink(platform, email, '/auth/verify-email'); tries++) {
      if (tries > 100) throw new Error('No verification mail');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const token = new URL(mailedLink(platform, email, '/auth/verify-email')!).searchParams.get('token');
    const verified = await call<{ access_token: string; default_api_key: { key: string } }>(platform, 'POST', '/auth/verify-email', null, { token });
    const apiKey = verified.default_api_key.key;

    // Thousands of sets are beyond the trial's plan: the operator moves the customer to Scale in the
    // database, which the embedded database lets only one process open at a time.
    await platform.stop();
    const database = await openDatabase({ dataDir });
    await database.db.execute(sql`update subscriptions set plan_id = 'scale'`);
    await database.close();
    platform = await startPlatform({}, { dataDir });

    const started = platform;
    const api = <T>(method: string, path: string, body?: unknown) => call<T>(started, method, path, apiKey, body);
    const zone = await api<{ id: string; name: string }>('POST', '/zones', { name: `big-${Date.now()}.com`, ttl: 3600 });
    for (let start = 0; start < sets; start += 1000) {
      const changes = Array.from({ length: Math.min(1000, sets - start) }, (_, i) => ({
        action: 'create',
        type: 'A',
        name: hostName(start + i),
        content: [hostAddress(start + i)],
        ttl: 300,
      }));
      await api('PATCH', `/zones/${zone.id}/records`, { changes });
    }
    return {
      platform,
      zone,
      apiKey,
      api,
      signIn: async (page) => {
        await page.goto(`${started.appUrl}/auth`);
        // The sign-in screen first asks for the session; its 401 (no credential yet) clears the stored
        // credentials. Written before that answer, they were cleared again on a slow machine, and the
        // next screen went to sign-in: the form shows once the answer is in.
        await page.getByRole('button', { name: 'Sign in' }).last().waitFor({ timeout: 60_000 });
        await page.evaluate(
          ([authToken, key]) => {
            localStorage.setItem('auth_token', authToken!);
            localStorage.setItem('api_key', key!);
          },
          [verified.access_token, apiKey],
        );
      },
      stop: async () => {
        await started.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
