import { MAX_TTL, MIN_TTL } from '@kaja/dns-model';

/** The TTLs customers pick most, in seconds, with how they read. */
export const ttlPresets = [
  { seconds: 60, label: '1 minute' },
  { seconds: 300, label: '5 minutes' },
  { seconds: 900, label: '15 minutes' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 14400, label: '4 hours' },
  { seconds: 86400, label: '1 day' },
  { seconds: 604800, label: '1 week' },
] as const;

export { MAX_TTL, MIN_TTL };

/** "1 hour" for a preset, else the seconds. */
export function ttlText(seconds: number): string {
  return ttlPresets.find((preset) => preset.seconds === seconds)?.label ?? `${seconds} s`;
}
