import { createHash, timingSafeEqual } from 'node:crypto';
import type { ZoneChangeNotice } from '@kaja/db';

/*
 * The relay's protocol, over plain TCP, one JSON object per line (`\n`) each way.
 *
 *   node → relay   {"token":"..."}                    first line, within `authTimeoutMs`
 *   relay → node   {"type":"refused"}                 wrong or missing token; the relay then closes
 *   relay → node   {"type":"hello","seq":S,"lsn":L}   accepted: S is the last sequence number sent,
 *                                                      L the primary's WAL position now
 *   relay → node   {"type":"notice","seq":S,"notice":{...}}
 *                                                      a `zone_changes` notification as the primary
 *                                                      gave it, sent as it arrived
 *   relay → node   {"type":"position","seq":S,"lsn":L}
 *                                                      every notice up to S is committed at or
 *                                                      before L (read after S arrived)
 *   relay → node   {"type":"reset","seq":S,"lsn":L}   the relay lost its LISTEN and has it again:
 *                                                      notices may have been missed meanwhile
 *
 * Sequence numbers grow by one per notice or reset, so a node that sees S jump knows it missed
 * some. A notice's position comes after it, so the notices a node applies from what they carry
 * wait for no read of the primary; only a read for a notice waits for its position (and for the
 * replica to replay up to it). L is null in a hello or reset when the relay could not read the
 * position (the node then reads without waiting).
 */

export type RelayMessage =
  | { type: 'refused' }
  | { type: 'hello'; seq: number; lsn: string | null }
  | { type: 'notice'; seq: number; notice: ZoneChangeNotice }
  | { type: 'position'; seq: number; lsn: string }
  | { type: 'reset'; seq: number; lsn: string | null };

/** A line longer than this is no message of the protocol: the connection is closed. */
export const maxLineBytes = 64 * 1024;

/** How long the relay waits for a connection's token. */
export const authTimeoutMs = 5000;

/** Compares a presented token with the relay's in constant time (hashes first, so lengths do not show). */
export function tokenMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** Calls `onLine` with each complete line; false once a line passes `maxLineBytes` (the caller closes). */
export function lineReader(onLine: (line: string) => void): (chunk: Buffer) => boolean {
  let pending = '';
  return (chunk) => {
    pending += chunk.toString('utf8');
    let at;
    while ((at = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, at);
      pending = pending.slice(at + 1);
      if (line.trim() !== '') onLine(line);
    }
    return Buffer.byteLength(pending) <= maxLineBytes;
  };
}
