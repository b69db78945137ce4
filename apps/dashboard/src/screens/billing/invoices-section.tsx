import { Badge, Button, PagedTable, TableCell, TableHead, TableRow } from '@kaja/ui';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../format/date-time';
import { type Invoice, useInvoicePdf, useInvoices } from './billing-data';
import { formatCents } from './money';

const pageSize = 20;
const statusLabel: Record<Invoice['status'], string> = { open: 'Open', paid: 'Paid', void: 'Void' };

/** Hands a fetched file to the browser's downloads, under `name`. */
function save(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

function PdfButton({ invoice }: { invoice: Invoice }) {
  // A failure needs nothing here: the API client has already said what went wrong.
  const pdf = useInvoicePdf();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => pdf.mutate(invoice, { onSuccess: (file) => save(file, `${invoice.number}.pdf`) })}
      disabled={pdf.isPending}
    >
      <Download aria-hidden />
      {pdf.isPending ? 'Preparing…' : 'PDF'}
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
      <PagedTable
        query={invoices}
        what="the invoices"
        empty={<p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">No invoices yet.</p>}
        label="Invoices"
        pagerLabel="Invoice pages"
        limit={pageSize}
        onPageChange={setOffset}
        header={
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
        }
        row={(invoice) => (
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
        )}
      />
    </section>
  );
}
