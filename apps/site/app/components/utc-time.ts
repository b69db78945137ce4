const format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A moment as the status page prints it, in UTC so every visitor reads the same time. */
export const utcTime = (value: string | number | Date) => `${format.format(new Date(value))} UTC`;
