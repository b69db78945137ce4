const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** 2025-01-14 -> January 14, 2025 (read as a calendar date, the same in every time zone). */
export const formatDate = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));
