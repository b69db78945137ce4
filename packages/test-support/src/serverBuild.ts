// Global setup of the suites that start the platform's programs as child processes: the server
// build they run, made again where older than its sources.
import { ensureBuilt } from './programs';

export default function setup() {
  ensureBuilt('servers');
}
