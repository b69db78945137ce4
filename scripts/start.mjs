// `npm start`: installs and builds what is missing or stale, then runs the whole platform in one
// process from the server build, on the embedded database (or on DATABASE_URL when it is set).
import { ensureBuilds, ensureDependencies } from './bootstrap.mjs';
import { runProgram } from './program.mjs';
import { builds } from './requirements.mjs';
import { ensureNodeRuntime } from './runtime.mjs';

await ensureNodeRuntime();

ensureDependencies();
ensureBuilds(builds);
await runProgram('apps/platform/src/main.ts', [], process.argv.slice(2));
