// The zone-file reader's thread (zoneFile.ts, `loadZoneFile`): reads one big zone file and hands
// its records over in batches while the zone is built from the ones before.
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { readZoneFile, typeCode } from '@kaja/dns-model';
import { RecordBatchWriter } from './recordBatch';
import type { ZoneFileRead } from './zoneFile';

const { path, origin } = workerData as { path: string; origin: string };

/**
 * Batches sent and not yet taken in: the reader waits at this many, so a file read faster than its
 * zone is built does not pile up in memory.
 */
const IN_FLIGHT = 4;
let inFlight = 0;
let taken: (() => void) | undefined;
parentPort!.on('message', () => {
  inFlight--;
  taken?.();
});

async function send(writer: RecordBatchWriter): Promise<void> {
  while (inFlight >= IN_FLIGHT) await new Promise<void>((resolve) => (taken = resolve));
  inFlight++;
  const batch = writer.take();
  parentPort!.postMessage({ batch } satisfies ZoneFileRead, [batch]);
}

/** Sends the file's records in batches; what to say last: its bad lines, or why it could not be read. */
async function sendRecords(): Promise<ZoneFileRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    return { unreadable: { ...(code ? { code } : {}), message } };
  }
  // The file's octets, decoded, are garbage: given back now, not when this thread next collects.
  globalThis.gc?.();
  const reading = readZoneFile(text, { origin, wire: true });
  const writer = new RecordBatchWriter();
  for (let next = reading.next(); ; next = reading.next()) {
    if (next.done) {
      if (!writer.empty) await send(writer);
      return { problems: next.value };
    }
    const { name, type, ttl, rdata } = next.value;
    const code = typeCode(type);
    if (!writer.add(name, code, ttl, rdata!)) {
      await send(writer);
      writer.add(name, code, ttl, rdata!);
    }
  }
}

let last: ZoneFileRead;
try {
  last = await sendRecords();
} catch (error) {
  last = { failed: (error as Error).message };
}
// The file's text is given back before the zone's images are laid out, the load's peak (`npm run
// dns` exposes gc; without it this thread keeps it until it ends).
globalThis.gc?.();
parentPort!.postMessage(last satisfies ZoneFileRead);
