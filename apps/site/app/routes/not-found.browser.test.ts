import { describe, expect } from 'vitest';
import { open, platform, test } from '../../test/sitePages';

describe('404 page', () => {
  test("answers 404 with 'Oops! Page not found', logs the path and links home", async ({ newPage }) => {
    const { page, errors } = await newPage();
    const response = await open(page, '/no/such/page');
    expect(response.status()).toBe(404);
    await expect.poll(() => page.getByText('Oops! Page not found').count()).toBe(1);
    expect(errors.some((error) => error.includes('/no/such/page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${platform.url}/`);
    await page.context().close();
  });
});
