import PDFDocument from 'pdfkit';
import type { InvoiceParty } from '@kaja/db';
import { formatInvoiceNumber, type InvoiceRow } from './invoices';

const money = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;
const date = (value: Date) => value.toISOString().slice(0, 10);

function partyLines(party: InvoiceParty): string[] {
  const { address } = party;
  return [
    party.name,
    address.line1,
    ...(address.line2 ? [address.line2] : []),
    `${address.postal_code} ${address.city}`,
    address.country,
    ...(party.registry_code ? [`Registry code ${party.registry_code}`] : []),
    ...(party.vat_id ? [`VAT ID ${party.vat_id}`] : []),
  ];
}

/** The invoice as an A4 PDF, with everything an EU VAT invoice must state. */
export function invoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${formatInvoiceNumber(invoice.number)}`, Author: invoice.seller.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  document
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(`Invoice ${formatInvoiceNumber(invoice.number)}`);
  document.moveDown(0.5).font('Helvetica').fontSize(10);
  document.text(`Issued: ${date(invoice.issuedAt)}`);
  document.text(`Due: ${date(invoice.dueAt)}`);
  document.text(`Service period: ${date(invoice.periodStart)} to ${date(invoice.periodEnd)}`);
  document.text(`Status: ${invoice.status}${invoice.paidAt ? ` (paid ${date(invoice.paidAt)})` : ''}`);

  const top = document.y + 20;
  document.font('Helvetica-Bold').text('Seller', 50, top).font('Helvetica');
  partyLines(invoice.seller).forEach((line) => document.text(line, 50));
  const sellerBottom = document.y;
  document.font('Helvetica-Bold').text('Bill to', 300, top).font('Helvetica');
  partyLines(invoice.buyer).forEach((line) => document.text(line, 300));
  document.y = Math.max(sellerBottom, document.y) + 20;

  const row = (cells: [string, string, string], bold = false) => {
    const y = document.y;
    document.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    document.text(cells[0], 50, y, { width: 320 });
    const bottom = document.y;
    document.text(cells[1], 380, y, { width: 50, align: 'right' });
    document.text(cells[2], 440, y, { width: 105, align: 'right' });
    document.y = Math.max(bottom, document.y) + 4;
  };
  row(['Description', 'Qty', 'Net'], true);
  for (const line of invoice.lines) row([line.description, String(line.quantity), money(line.net_cents)]);
  document.moveDown();
  row(['Total net', '', money(invoice.netCents)]);
  row([`VAT ${invoice.vatRateBasisPoints / 100}%`, '', money(invoice.vatCents)]);
  row(['Total due', '', money(invoice.grossCents)], true);
  if (invoice.vatNote) document.moveDown().font('Helvetica').text(invoice.vatNote, 50);
  document
    .moveDown()
    .font('Helvetica')
    .text(`Please pay by bank transfer by ${date(invoice.dueAt)} with the reference ${formatInvoiceNumber(invoice.number)}.`, 50);
  document.end();
  return done;
}
