import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mailedLink, type PlatformInUse } from './platform';

/**
 * An address no other test uses, also on the platform the files share (two of them could start in the
 * same millisecond).
 */
export function newEmail(name: string): string {
  return `${name}-${Date.now()}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Signs a new customer up through the dashboard and opens the mailed verification link: signed in on /dashboard. */
export async function signUpInBrowser(page: Page, platform: PlatformInUse, email = newEmail('owner')): Promise<string> {
  await page.goto(`${platform.appUrl}/signup`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByLabel('Full name').fill('Olivia Owner');
  await page.getByLabel('Company').fill('Owner Networks OÜ');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Check your inbox').waitFor();
  await expect.poll(() => mailedLink(platform, email, '/auth/verify-email')).toBeDefined();
  await page.goto(mailedLink(platform, email, '/auth/verify-email')!);
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  return email;
}
