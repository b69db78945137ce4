import { SOA, fqdn } from '@kaja/dns-model';

/**
 * SOA timers of every zone: secondaries refresh every 2 hours and retry hourly (NOTIFY makes
 * changes faster), keep serving for 14 days without us, and resolvers cache a "no such name" for
 * 5 minutes, short enough for ACME challenges and fixes to show quickly.
 */
export const soaTimers = { refresh: 7200, retry: 3600, expire: 1_209_600, minimum: 300 } as const;

const UINT32 = 2 ** 32;

/**
 * The serial after `current`: today's date as YYYYMMDDnn when that is larger (so serials read as
 * dates), else one more. Never goes back; past 2^32-1 it wraps as RFC 1982 arithmetic allows.
 */
export function nextSerial(current: number, now = new Date()): number {
  const date = now.getUTCFullYear() * 1_000_000 + (now.getUTCMonth() + 1) * 10_000 + now.getUTCDate() * 100;
  const next = Math.max(date, current + 1);
  return next >= UINT32 ? (current + 1) % UINT32 : next;
}

/** The canonical SOA content of a zone: mname the first name server of its network, rname hostmaster. */
export function soaContent(zone: string, nameServers: readonly string[], serial: number): string {
  const { refresh, retry, expire, minimum } = soaTimers;
  return SOA.parse(`${hostName(nameServers[0]!)} ${fqdn(`hostmaster.${zone}`)} ${serial} ${refresh} ${retry} ${expire} ${minimum}`, zone);
}

/** The serial inside SOA content. */
export const serialOf = (content: string) => Number(content.split(' ')[2]);

/** A configured host name as absolute presentation text (configuration may give it with or without the dot). */
export const hostName = (name: string) => fqdn(name.replace(/\.$/, '').toLowerCase());
