// `npm run build [NAME...]`: every build the platform runs from (the server bundles, the marketing
// site, the dashboard), or those named (`servers`, `site`, `dashboard`), each made again only when it
// is missing or older than its sources.
import { ensureBuilds } from './bootstrap.mjs';
import { builds } from './requirements.mjs';
import { ensureNodeRuntime } from './runtime.mjs';

await ensureNodeRuntime();
const names = process.argv.slice(2);
const unknown = names.filter((name) => !(name in builds));
if (unknown.length > 0) {
  console.error(`No such build: ${unknown.join(', ')} (the builds: ${Object.keys(builds).join(', ')})`);
  process.exit(2);
}
ensureBuilds(names.length > 0 ? Object.fromEntries(names.map((name) => [name, builds[name]])) : builds);
