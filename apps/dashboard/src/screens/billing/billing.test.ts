import { readFileSync } from 'node:fs';
import { addInterval, lastMomentBefore } from '@kaja/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEmail } from '../../testing/accounts';
import { type Browser, checkScreen, launchBrowser } from '../../testing/browser';
import { callApi, type Owner, signUpOwner, waitForMailedLink } from '../../testing/owner';
import { type PlatformInUse, sharedPlatform } from '../../testing/platform';

let platform: PlatformInUse;
let browser: Browser;
let owner: Owner;

/** A day as the billing screens write it (the browser runs in this process's time zone). */
const longDate = (date: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(date);

beforeAll(async () => {
  platform = sharedPlatform();
  browser = await launchBrowser();
  owner = await signUpOwner(platform, browser.page, 'billing');
});

afterAll(async () => {
  await browser?.close();
});

describe('billing in the dashboard', () => {
  const planCard = (name: string) => browser.page.getByRole('listitem').filter({ has: browser.page.getByRole('heading', { name, exact: true }) });
  const subscriptionHeading = () => browser.page.getByRole('heading', { level: 2 }).first();

  it('shows the trial with its end, usage as bars, the plans and no invoices yet', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    await page.getByText(/Your free trial ends on/).waitFor();
    expect(await subscriptionHeading().textContent()).toContain('Trial');
    await page.getByRole('progressbar', { name: 'Zones: 0 of 5' }).waitFor();
    await page.getByRole('progressbar', { name: 'Records: 0 of 200' }).waitFor();
    await page.getByRole('progressbar', { name: 'Queries this month: 0 of 2,000,000' }).waitFor();
    await page.getByText('No invoices yet.').waitFor();
    const sales = planCard('Scale').getByRole('link', { name: 'Contact sales about Scale' });
    expect(new URL((await sales.getAttribute('href'))!).pathname).toBe('/support');
    await checkScreen(page, 'billing-trial');
  });

  it('asks for the billing address first; ordered during the trial, Pro starts when the trial ends and the dialog gives the dates', async () => {
    const { page } = browser;
    const trialEnd = new Date((await callApi(platform, owner.authToken, 'GET', '/subscriptions/current')).body.data.trial_ends_at);
    const period = (start: Date, interval: 'month' | 'year') => `${longDate(start)} – ${longDate(lastMomentBefore(addInterval(start, interval)))}`;
    await planCard('Pro').getByRole('button', { name: 'Choose Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Pro' });
    await dialog.getByLabel('Street address').fill('Narva mnt 5');
    await dialog.getByLabel('Postal code').fill('10117');
    await dialog.getByLabel('City').fill('Tallinn');
    await dialog.getByLabel('Country').fill('ee');
    // A VAT ID of another country than the address: the API's answer is put on the field.
    await dialog.getByLabel('EU VAT ID (optional)').fill('DE123456789');
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await expect.poll(() => dialog.getByLabel('EU VAT ID (optional)').getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, 'billing-address');
    await dialog.getByLabel('EU VAT ID (optional)').fill('');
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await dialog.getByText('Invoiced to Narva mnt 5, 10117 Tallinn, EE.').waitFor();

    // The dates follow the choices: the trial's end by default, the year when annual, today when asked.
    expect(await dialog.getByLabel(`When the trial ends, on ${longDate(trialEnd)}`).isChecked()).toBe(true);
    await dialog.getByText(`Your trial continues until ${longDate(trialEnd)}; the first invoice, for ${period(trialEnd, 'month')}, is issued then.`).waitFor();
    await checkScreen(page, 'billing-checkout');
    await dialog.getByLabel(/^Annual/).click();
    await dialog.getByText(`Your trial continues until ${longDate(trialEnd)}; the first invoice, for ${period(trialEnd, 'year')}, is issued then.`).waitFor();
    await dialog.getByLabel('Today, ending the trial').click();
    await dialog.getByText(`Your trial ends today. The plan starts today; the first invoice, for ${period(new Date(), 'year')}, is issued now.`).waitFor();
    await dialog.getByLabel(/^Monthly/).click();
    await dialog.getByLabel(/^When the trial ends/).click();
    await dialog.getByRole('button', { name: 'Order Pro' }).click();
    await page.getByText('Pro ordered').waitFor();

    // Still a trial, on Pro's limits, with no invoice until the trial ends.
    expect(await subscriptionHeading().textContent()).toContain('Trial');
    await page
      .getByText(
        `Your free trial continues until ${longDate(trialEnd)}; then Pro starts, billed monthly, and the first invoice, for ${period(trialEnd, 'month')}, is issued then.`,
      )
      .waitFor();
    await page.getByRole('progressbar', { name: 'Zones: 0 of 25' }).waitFor();
    await planCard('Pro').getByText('Your plan').waitFor();
    await page.getByText('No invoices yet.').waitFor();
    const current = (await callApi(platform, owner.authToken, 'GET', '/subscriptions/current')).body.data;
    expect(current).toMatchObject({ status: 'trialing', plan_id: 'pro', billing_interval: 'month', current_period_start: trialEnd.toISOString() });
    await checkScreen(page, 'billing-trial-ordered');
  });

  it('canceled during the trial, the order is gone; ordered again to start today, Pro is active and the invoice is listed', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('alertdialog', { name: 'Cancel your Pro subscription?' }).getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText(/Canceled: your zones are served until/).waitFor();

    await planCard('Pro').getByRole('button', { name: 'Choose Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order Pro' });
    await dialog.getByLabel('Today, ending the trial').click();
    await dialog.getByText(`Your trial ends today. The plan starts today; the first invoice, for ${longDate(new Date())} –`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Order Pro' }).click();
    await page.getByText('You are on Pro').waitFor();

    await planCard('Pro').getByText('Your plan').waitFor();
    expect(await subscriptionHeading().textContent()).toContain('Active');
    await page.getByText(/Billed monthly; the next period starts on/).waitFor();
    await page.getByRole('progressbar', { name: 'Zones: 0 of 25' }).waitFor();
    const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: 'KD-' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Open');
    expect(await row.textContent()).toMatch(/19[.,]95/);

    const customer = await callApi(platform, owner.apiKey, 'GET', '/customers');
    expect(customer.body.data[0].billing_address).toMatchObject({ line1: 'Narva mnt 5', postal_code: '10117', city: 'Tallinn', country: 'EE' });
    await checkScreen(page, 'billing-pro');
  });

  it('downloads the invoice as a PDF, fetched with the credentials', async () => {
    const { page } = browser;
    const invoices = await callApi(platform, owner.apiKey, 'GET', '/invoices');
    const number: string = invoices.body.data[0].number;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `PDF of invoice ${number}` }).click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    // The invoice's mail links to the billing screen, where it is listed.
    const mail = platform.mails().find((text) => text.includes(owner.email) && text.includes(`Your invoice ${number}`));
    const link = mail?.match(/https?:\/\/\S+\/billing\b/)?.[0];
    expect(link).toBe(`${platform.appUrl}/billing`);
    await page.goto(link!);
    await page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: number }).waitFor();
  });

  it('changes to Nano and back to Pro', async () => {
    const { page } = browser;
    await planCard('Nano').getByRole('button', { name: 'Switch to Nano' }).click();
    const toNano = page.getByRole('alertdialog', { name: 'Switch from Pro to Nano?' });
    await checkScreen(page, 'billing-change-plan');
    await toNano.getByRole('button', { name: 'Switch to Nano' }).click();
    await planCard('Nano').getByText('Your plan').waitFor();
    await page.getByRole('progressbar', { name: 'Zones: 0 of 5' }).waitFor();

    await planCard('Pro').getByRole('button', { name: 'Switch to Pro' }).click();
    await page.getByRole('alertdialog', { name: 'Switch from Nano to Pro?' }).getByRole('button', { name: 'Switch to Pro' }).click();
    await planCard('Pro').getByText('Your plan').waitFor();
    const current = await fetch(`${platform.apiUrl}/subscriptions/current`, { headers: { authorization: `Bearer ${owner.authToken}` } }).then((response) =>
      response.json(),
    );
    expect(current.data.plan_id).toBe('pro');
  });

  it('shows each limit and its usage when a downgrade is refused', async () => {
    const { page } = browser;
    for (let index = 0; index < 6; index++) {
      const created = await callApi(platform, owner.apiKey, 'POST', '/zones', { name: `billing-${index}-${Date.now().toString(36)}.com` });
      expect(created.status).toBe(201);
    }
    await page.reload();
    await page.getByRole('progressbar', { name: 'Zones: 6 of 25' }).waitFor();
    await planCard('Nano').getByRole('button', { name: 'Switch to Nano' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Switch from Pro to Nano?' });
    await dialog.getByRole('button', { name: 'Switch to Nano' }).click();
    await dialog.getByText('Zones: you use 6, Nano allows 5').waitFor();
    await checkScreen(page, 'billing-downgrade-refused');
    await dialog.getByRole('button', { name: 'Keep Pro' }).click();
    await planCard('Pro').getByText('Your plan').waitFor();
  });

  it('cancels after a confirmation that says the zones are served to the end of the period', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your Pro subscription?' });
    expect(await dialog.textContent()).toMatch(/Your zones are served until the end of the paid period, .+\d/);
    await checkScreen(page, 'billing-cancel');
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Subscription canceled').waitFor();
    await page.getByText(/Canceled: your zones are served until .+, then the subscription ends\./).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
    await checkScreen(page, 'billing-canceled');
    expect(browser.errors).toEqual([]);
  });

  it('a member sees the plan and its usage, but neither plan choices, cancelation nor invoices', async () => {
    const member = newEmail('mona');
    expect((await callApi(platform, owner.apiKey, 'POST', '/invitations-admin', { email: member, role: 'member' })).status).toBe(201);
    const second = await launchBrowser();
    try {
      const { page } = second;
      await page.goto(await waitForMailedLink(platform, member, '/invitations/accept'));
      await page.getByLabel('Full name').fill('Mona Member');
      await page.getByLabel('Password').fill('a long enough password');
      await page.getByRole('button', { name: 'Set password and join' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.getByRole('link', { name: 'Billing' }).click();
      await page.getByText('Owners and admins choose the plan.').waitFor();
      await page.getByText('Owners and admins see the invoices.').waitFor();
      await page.getByRole('progressbar', { name: 'Zones: 6 of 25' }).waitFor();
      expect(await page.getByRole('button', { name: /^(Switch to|Choose) / }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
      await checkScreen(page, 'billing-as-member');
      expect(second.errors).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
