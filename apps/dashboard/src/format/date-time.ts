const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
// Billing dates are written out in full, day first, as on the invoices: no reader mistakes 12/01 for 1 December.
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** A moment from the API (ISO 8601) in the reader's language and time zone. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatDate = (iso: string) => date.format(new Date(iso));
/** A day written out, `12 December 2026`, in the reader's time zone. */
export const formatLongDate = (iso: string | Date) => longDate.format(new Date(iso));
