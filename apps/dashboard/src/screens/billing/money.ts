const euros = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' });

/** An amount in euro cents, as the reader writes money. */
export const formatCents = (cents: number) => euros.format(cents / 100);
