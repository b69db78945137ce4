import type { DigResponse } from '@kaja/test-support/dig';
import type { KnotServer } from '@kaja/test-support/knot';
import { serveWithKnot } from './knotReference';
import type { SigningSettings } from '../keySource';
import { serveZones, type TestServer } from './server';
import { serveSignedZones } from './signedServer';

/** What must match between our answer and Knot's: rcode, aa, and every section (order within a section and EDNS aside). */
export function comparable(response: DigResponse) {
  const sorted = (lines: string[]) => lines.map((line) => line.toLowerCase()).sort();
  return {
    rcode: response.rcode,
    aa: response.flags.includes('aa'),
    answer: sorted(response.answer),
    authority: sorted(response.authority),
    additional: sorted(response.additional.filter((line) => !line.includes('OPT'))),
  };
}

export interface ServedByBoth {
  ours: TestServer;
  knot: KnotServer;
  close(): Promise<void>;
}

/**
 * The same zone-file texts (zone name -> text) served by our standalone server and by Knot DNS, to
 * ask both; the zones given `signing` settings signed by both with the same keys and denial (ours
 * online, for queries with DO).
 */
export async function serveByBoth(zones: Record<string, string>, signing: Record<string, SigningSettings> = {}): Promise<ServedByBoth> {
  const ours =
    Object.keys(signing).length === 0
      ? await serveZones(zones)
      : await serveSignedZones(Object.fromEntries(Object.entries(zones).map(([name, text]) => [name, { text, settings: signing[name] }])));
  try {
    const knot = await serveWithKnot(zones, signing);
    return {
      ours,
      knot,
      async close() {
        await Promise.all([ours.close(), knot.stop()]);
      },
    };
  } catch (error) {
    await ours.close();
    throw error;
  }
}
