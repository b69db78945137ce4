const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A moment as the status page prints it, in UTC so every visitor reads the same time: `5 Sep 2026, 03:07 UTC`.
 * Written out rather than through Intl.DateTimeFormat: the browser's first formatter loads its locale data, about
 * 40 ms of the status page's start on a phone's processor (decision 086).
 */
export function utcTime(value: string | number | Date): string {
  const date = new Date(value);
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())} UTC`;
}
