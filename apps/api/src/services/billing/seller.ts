import type { InvoiceParty } from '@kaja/db';

/** The provider as it appears on every invoice (frozen into each invoice when it is issued). */
export const seller: InvoiceParty = {
  name: 'Kaja DNS OÜ',
  address: { line1: 'Narva mnt 5', line2: null, postal_code: '10117', city: 'Tallinn', country: 'EE' },
  vat_id: 'EE102345678',
  registry_code: '16123456',
  email: 'billing@kaja.dns',
};

/** Days an invoice is payable in (terms of service). */
export const paymentTermDays = 14;
