import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../apiTest';
import { invoiceNumbers } from '@kaja/db';
import { addUser, errorOf, signInStaff, signUpOwner, type TestAccount, type TestApi } from '../../testing';

async function checkout(api: TestApi, owner: TestAccount, billing: Record<string, unknown>, planId = 'nano') {
  const updated = await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: billing });
  if (updated.status !== 200) throw new Error(`billing details refused: ${JSON.stringify(updated.body)}`);
  const response = await api.request('POST', '/subscriptions/checkout', { token: owner.accessToken, body: { plan_id: planId, start: 'now' } });
  expect(response.status).toBe(201);
  return response.body.data.invoice;
}

function pdfText(pdf: Buffer): string {
  const folder = mkdtempSync(join(tmpdir(), 'kaja-invoice-'));
  try {
    const file = join(folder, 'invoice.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('invoices', () => {
  let api: TestApi;
  apiTest.beforeAll(async ({ api: started }) => {
    api = started;
  });

  it('an Estonian buyer pays Estonian VAT; the invoice names seller, buyer, period and lines', async () => {
    const owner = await signUpOwner(api, { company: 'Vaarikas OÜ' });
    const invoice = await checkout(api, owner, {
      name: 'Vaarikas OÜ',
      billing_address: { line1: 'Tartu mnt 2', postal_code: '10145', city: 'Tallinn', country: 'ee' },
      vat_id: 'EE 100 931 558',
    });
    const response = await api.request('GET', `/invoices/${invoice.id}`, { token: owner.apiKey });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      number: expect.stringMatching(/^KD-\d{6}$/),
      status: 'open',
      seller: { name: 'Kaja DNS OÜ', address: { country: 'EE' }, vat_id: expect.stringMatching(/^EE\d{9}$/) },
      buyer: { name: 'Vaarikas OÜ', address: { line1: 'Tartu mnt 2', country: 'EE' }, vat_id: 'EE100931558' },
      lines: [{ description: 'Kaja DNS Nano, monthly subscription', quantity: 1, unit_net_cents: 399, net_cents: 399 }],
      net_cents: 399,
      vat_rate: 24,
      vat_cents: 96,
      gross_cents: 495,
      vat_note: null,
    });
    const list = await api.request('GET', '/invoices', { token: owner.apiKey });
    expect(list.body).toMatchObject({ data: [{ id: invoice.id }], meta: { total: 1 } });
  });

  it('a business in another member state with a VAT ID is invoiced under reverse charge', async () => {
    const owner = await signUpOwner(api);
    const invoice = await checkout(api, owner, {
      billing_address: { line1: 'Unter den Linden 1', postal_code: '10117', city: 'Berlin', country: 'DE' },
      vat_id: 'DE123456789',
    });
    expect(invoice).toMatchObject({ net_cents: 399, vat_rate: 0, vat_cents: 0, gross_cents: 399, vat_note: expect.stringContaining('Reverse charge') });
  });

  it('a consumer in another member state pays Estonian VAT', async () => {
    const owner = await signUpOwner(api);
    const invoice = await checkout(api, owner, { billing_address: { line1: 'Rue de Rivoli 1', postal_code: '75001', city: 'Paris', country: 'FR' } });
    expect(invoice).toMatchObject({ vat_rate: 24, gross_cents: 495 });
  });

  it('a VAT ID of the wrong format or country is refused, and nothing is changed', async () => {
    const owner = await signUpOwner(api);
    const address = { line1: 'Unter den Linden 1', postal_code: '10117', city: 'Berlin', country: 'DE' };
    for (const [vatId, problem] of [
      ['DE12345', /format/],
      ['FR12345678901', /does not match the billing country DE/],
      ['US123456789', /prefix of an EU member state/],
    ] as const) {
      const response = await api.request('PUT', `/customers/${owner.customerId}`, {
        token: owner.accessToken,
        body: { billing_address: address, vat_id: vatId },
      });
      expect(response.status).toBe(422);
      expect(errorOf(response).details.vat_id).toMatch(problem);
    }
    const customer = await api.request('GET', `/customers/${owner.customerId}`, { token: owner.accessToken });
    expect(customer.body.data).toMatchObject({ billing_address: null, vat_id: null });
    expect(
      (await api.request('PUT', `/customers/${owner.customerId}`, { token: owner.accessToken, body: { billing_address: { ...address, country: 'Germany' } } }))
        .status,
    ).toBe(422);
  });

  it('the PDF states what the invoice says', async () => {
    const owner = await signUpOwner(api);
    const invoice = await checkout(
      api,
      owner,
      {
        name: 'Pilvelinn AS',
        billing_address: { line1: 'Ahtri 12', postal_code: '10151', city: 'Tallinn', country: 'EE' },
      },
      'pro',
    );
    const response = await fetch(`${api.origin}/v1/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${owner.apiKey}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain(`Invoice ${invoice.number}`);
    expect(text).toContain('Kaja DNS OÜ');
    expect(text).toContain('Pilvelinn AS');
    expect(text).toContain('Ahtri 12');
    expect(text).toContain('Kaja DNS Pro, monthly subscription');
    expect(text).toMatch(/Total net\s+16\.09 EUR/);
    expect(text).toMatch(/VAT 24%\s+3\.86 EUR/);
    expect(text).toMatch(/Total due\s+19\.95 EUR/);
    expect(text).toContain(`Due: ${invoice.due_at.slice(0, 10)}`);
  });

  it("another customer's invoice is not found; staff record a payment, customers cannot", async () => {
    const owner = await signUpOwner(api);
    const other = await signUpOwner(api);
    const invoice = await checkout(api, owner, { billing_address: { line1: 'Ahtri 12', postal_code: '10151', city: 'Tallinn', country: 'EE' } });
    expect((await api.request('GET', `/invoices/${invoice.id}`, { token: other.apiKey })).status).toBe(404);
    expect((await api.request('GET', `/invoices/${invoice.id}/pdf`, { token: other.apiKey })).status).toBe(404);
    expect((await api.request('GET', '/invoices', { token: other.apiKey })).body.data).toEqual([]);
    expect((await api.request('POST', `/invoices/${invoice.id}/pay`, { token: owner.accessToken, body: { reference: 'x' } })).status).toBe(403);
    const member = await addUser(api, owner, 'member');
    expect((await api.request('GET', '/invoices', { token: member.accessToken })).status).toBe(403);
    expect((await api.request('GET', `/invoices/${invoice.id}`, { token: member.accessToken })).status).toBe(403);

    const staff = await signInStaff(api);
    const paid = await api.request('POST', `/invoices/${invoice.id}/pay`, { token: staff.accessToken, body: { reference: 'bank 2026-11-25 #42' } });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', payment_reference: 'bank 2026-11-25 #42' });
    expect((await api.request('POST', `/invoices/${invoice.id}/pay`, { token: staff.accessToken, body: { reference: 'again' } })).status).toBe(409);
  });

  it('invoice numbers stay unbroken under concurrent checkouts', async () => {
    const owners = await Promise.all(Array.from({ length: 8 }, () => signUpOwner(api)));
    for (const owner of owners) {
      await api.request('PUT', `/customers/${owner.customerId}`, {
        token: owner.accessToken,
        body: { billing_address: { line1: 'Ahtri 12', postal_code: '10151', city: 'Tallinn', country: 'EE' } },
      });
    }
    const before = await api.database.db.select({ last: invoiceNumbers.last }).from(invoiceNumbers);
    const responses = await Promise.all(
      owners.map((owner, index) =>
        api.request('POST', '/subscriptions/checkout', {
          token: owner.accessToken,
          body: { plan_id: index % 2 ? 'pro' : 'nano', interval: index % 3 ? 'month' : 'year', start: 'now' },
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(owners.map(() => 201));
    const sequences = responses.map((response) => response.body.data.invoice.sequence as number).sort((a, b) => a - b);
    const first = (before[0]?.last ?? 0) + 1;
    expect(sequences).toEqual(Array.from({ length: owners.length }, (_, index) => first + index));
  });
});
