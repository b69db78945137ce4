import { Badge, Button, Pager, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@kaja/ui';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../format/date-time';
import { StatusLine } from '../zone-tools/status-line';
import { fetchInvoicePdf, type Invoice, useInvoices } from './billing-data';
import { formatCents } from './money';

const pageSize = 20;
const statusLabel: Record<Invoice['status'], string> = { open: 'Open', paid: 'Paid', void: 'Void' };

function PdfButton({ invoice }: { invoice: Invoice }) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      const url = URL.createObjectURL(await fetchInvoicePdf(invoice.id));
      const link = document.createElement('a');
      link.href = url;
      link.download = `${invoice.number}.pdf`;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      // The API client has already said what went wrong.
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void download()} disabled={pending}>
      <Download aria-hidden />
      {pending ? 'Preparing…' : 'PDF'}
      <span className="sr-only"> of invoice {invoice.number}</span>
    </Button>
  );
}

/** The customer's invoices, newest first, each as a PDF. */
export function InvoicesSection() {
  const [offset, setOffset] = useState(0);
  const invoices = useInvoices({ limit: pageSize, offset });
  return (
    <section aria-labelledby="invoices-heading" className="grid grid-cols-1 gap-4">
      <div>
        <h2 id="invoices-heading" className="text-lg font-semibold">
          Invoices
        </h2>
        <p className="text-sm text-muted-foreground">Pay by bank transfer within 14 days, with the invoice number as the reference.</p>
      </div>
      {invoices.isPending && <StatusLine>Loading the invoices…</StatusLine>}
      {invoices.isError && (
        <p role="alert" className="text-sm text-destructive">
          Could not load the invoices: {invoices.error.message}{' '}
          <Button variant="link" className="h-auto p-0" onClick={() => void invoices.refetch()}>
            Try again
          </Button>
        </p>
      )}
      {invoices.data?.meta.total === 0 && (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">No invoices yet.</p>
      )}
      {invoices.data && invoices.data.data.length > 0 && (
        <div>
          <Table aria-label="Invoices">
            <TableHeader>
              <TableRow>
                <TableHead>Invoice</TableHead>
                <TableHead className="hidden md:table-cell">Period</TableHead>
                <TableHead>Amount</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="hidden md:table-cell">Due</TableHead>
                <TableHead>
                  <span className="sr-only">Download</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invoices.data.data.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell className="whitespace-nowrap font-medium">
                    {invoice.number}
                    <span className="block text-xs font-normal text-muted-foreground">{formatDate(invoice.issued_at)}</span>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap md:table-cell">
                    {formatDate(invoice.period.start)} – {formatDate(invoice.period.end)}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatCents(invoice.gross_cents)}</TableCell>
                  <TableCell>
                    <Badge variant={invoice.status === 'paid' ? 'secondary' : 'outline'}>{statusLabel[invoice.status]}</Badge>
                  </TableCell>
                  <TableCell className="hidden whitespace-nowrap md:table-cell">{invoice.status === 'open' ? formatDate(invoice.due_at) : '—'}</TableCell>
                  <TableCell className="text-right">
                    <PdfButton invoice={invoice} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pager
            label="Invoice pages"
            offset={invoices.data.meta.offset}
            pending={invoices.isPlaceholderData}
            limit={pageSize}
            total={invoices.data.meta.total}
            onChange={setOffset}
          />
        </div>
      )}
    </section>
  );
}
