import { parentPort } from 'node:worker_threads';
import { importCryptokey, type Cryptokey } from './keys';
import type { SignatureTimes } from './rrsig';
import { signBatch, type JobBatch } from './signingBatch';
import type { SigningSetup } from './signParallel';

// A signing thread (see signParallel.ts): told the zone and its keys, then signs batch after batch.
let zone: { name: string; times: SignatureTimes; keys: Cryptokey[] } | undefined;
parentPort!.on('message', (message: SigningSetup | JobBatch) => {
  if ('keys' in message) {
    const keys = message.keys.map((k) => importCryptokey({ keytype: k.keytype, algorithm: k.algorithm, active: true }, k.pkcs8));
    zone = { name: message.zone, times: message.times, keys };
    return;
  }
  const signed = signBatch(message, zone!.keys, zone!.name, zone!.times);
  parentPort!.postMessage(signed, [signed.bytes.buffer, signed.ends.buffer]);
});
