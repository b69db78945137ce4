// `npm start`: installs and builds what is missing, then runs the whole platform in
// one process on the embedded database (or on DATABASE_URL when it is set).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuild, ensureDependencies, root } from './bootstrap.mjs';
import { webBuilds } from './requirements.mjs';
import { ensureNodeRuntime } from './runtime.mjs';

await ensureNodeRuntime();

ensureDependencies();
for (const [workspace, build] of Object.entries(webBuilds)) ensureBuild(workspace, build);

const platform = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/platform/src/main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => platform.kill(signal));
platform.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
