import type { DigResponse } from './dig';
import { serveWithKnot, type KnotServer } from './knot';
import { serveZones, type TestServer } from './server';

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

/** The same zone-file texts (zone name -> text) served by our standalone server and by Knot DNS, to ask both. */
export async function serveByBoth(zones: Record<string, string>): Promise<ServedByBoth> {
  const ours = await serveZones(zones);
  try {
    const knot = await serveWithKnot(zones);
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
