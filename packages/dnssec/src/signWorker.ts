import { parentPort } from 'node:worker_threads';
import { importCryptokey, type Cryptokey } from './keys';
import type { SignatureTimes } from './rrsig';
import { signBatch } from './signingBatch';
import type { SigningMessage } from './signParallel';

// A signing thread (see signParallel.ts): told zones and their keys, then signs batch after batch,
// each with the key set it names (the first one told when it names none) and its own times if it has them.
const setups = new Map<number, { name: string; times: SignatureTimes; keys: Cryptokey[] }>();
parentPort!.on('message', (message: SigningMessage) => {
  if ('forget' in message) {
    setups.delete(message.forget);
    return;
  }
  if ('keys' in message) {
    const keys = message.keys.map((k) => importCryptokey({ keytype: k.keytype, algorithm: k.algorithm, active: true }, k.pkcs8));
    setups.set(message.id ?? 0, { name: message.zone, times: message.times, keys });
    return;
  }
  const setup = setups.get(message.setup ?? 0)!;
  const signed = signBatch(message, setup.keys, setup.name, message.times ?? setup.times);
  parentPort!.postMessage(signed, [signed.bytes.buffer, signed.ends.buffer]);
});
