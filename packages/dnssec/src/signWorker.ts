import { parentPort } from 'node:worker_threads';
import { importCryptokey } from './keys';
import { signRrset } from './rrsig';
import type { SigningTask } from './signParallel';

// One share of a zone's signing jobs, signed on its own thread (see signParallel.ts).
parentPort!.once('message', (task: SigningTask) => {
  const keys = task.keys.map((k) => importCryptokey({ keytype: k.keytype, algorithm: k.algorithm, active: true }, k.pkcs8));
  const signatures = task.jobs.map((job) => job.keys.map((k) => signRrset(job.rrset, keys[k]!, task.zone, task.times)));
  parentPort!.postMessage(signatures);
});
