// Writes a new migration from the schema: `npm run generate -w packages/db -- --name <what>`
// (add `--custom` for a hand-written SQL migration). drizzle-kit looks for drizzle-orm from its
// own install folder, while npm keeps drizzle-orm inside this workspace, so link it there for the run.
import { spawnSync } from 'node:child_process';
import { existsSync, symlinkSync, unlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const here = new URL('..', import.meta.url).pathname;
const require = createRequire(join(here, 'package.json'));
const kitFolder = dirname(dirname(require.resolve('drizzle-kit')));
const ormFolder = dirname(require.resolve('drizzle-orm'));
const link = join(kitFolder, 'drizzle-orm');
const linked = !existsSync(link);
if (linked) symlinkSync(ormFolder, link, 'dir');
try {
  const result = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { cwd: here, stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} finally {
  if (linked) unlinkSync(link);
}
