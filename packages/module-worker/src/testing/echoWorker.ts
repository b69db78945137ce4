// A thread for the test of startModuleWorker. Its import has no file extension, as every import of
// the sources: it resolves through tsx only (Node's own type stripping does not resolve it).
import { parentPort, workerData } from 'node:worker_threads';
import { suffix } from './echoSuffix';

parentPort!.postMessage(`${workerData as string}${suffix}`);
