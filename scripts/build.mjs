// `npm run build`: every build the platform runs from (the server bundles, the marketing site, the
// dashboard), each made again only when it is missing or older than its sources.
import { ensureBuilds } from './bootstrap.mjs';
import { builds } from './requirements.mjs';
import { ensureNodeRuntime } from './runtime.mjs';

await ensureNodeRuntime();
ensureBuilds(builds);
