// The zone builder's thread (zoneBuilder.ts): builds each zone it is sent and answers with its images.
import { parentPort } from 'node:worker_threads';
import { buildZone } from './zoneBuilder';

parentPort!.on('message', ({ id, name, text }: { id: number; name: string; text: string }) => {
  try {
    parentPort!.postMessage({ id, shared: buildZone(name, text).share() });
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).message });
  }
});
