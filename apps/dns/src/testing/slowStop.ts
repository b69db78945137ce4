// A program whose stop takes the milliseconds given as its argument, for the test of stopOnSignals.
import { stopOnSignals } from '../stopSignals';

// Kept alive until stopped, as a server is by its sockets.
setInterval(() => undefined, 60_000);
stopOnSignals('slow', () => setTimeout(() => process.exit(0), Number(process.argv[2])));
console.log('slow: ready');
