// Small helpers for the zone and record tests: a customer with a zone, and plan changes.
import { and, eq, ne } from '@kaja/db/orm';
import { subscriptions } from '@kaja/db';
import { signUpOwner, type TestAccount, type TestApi } from '../../../testing';

let counter = 0;

/** A zone name no other test uses (under .com, a real public suffix). */
export const uniqueZoneName = (label = 'zone') => `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}.com`;

export async function createZone(api: TestApi, account: TestAccount, body: Record<string, unknown> = {}) {
  const response = await api.request('POST', '/zones', { token: account.apiKey, body: { name: uniqueZoneName(), ...body } });
  if (response.status !== 201) throw new Error(`zone creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as { id: string; name: string; serial: number; ttl: number };
}

/** Puts the customer on another plan (there is no billing here to do it). */
export async function setPlan(api: TestApi, account: TestAccount, planId: 'nano' | 'pro' | 'scale') {
  await api.database.db
    .update(subscriptions)
    .set({ planId })
    .where(and(eq(subscriptions.customerId, account.customerId), ne(subscriptions.status, 'canceled')));
}

/** A new customer (on the Scale plan unless told otherwise) and one zone of it. */
export async function customerWithZone(api: TestApi, plan: 'nano' | 'pro' | 'scale' = 'scale') {
  const account = await signUpOwner(api);
  await setPlan(api, account, plan);
  const zone = await createZone(api, account);
  return { account, zone };
}
