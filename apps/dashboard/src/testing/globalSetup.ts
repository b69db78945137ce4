// Before the browser suites start their platforms: the builds they run (the server bundles and this
// dashboard) made again where older than their sources.
import { ensureBuilt } from '@kaja/test-support/programs';

export default function setup() {
  ensureBuilt('servers', 'dashboard');
}
