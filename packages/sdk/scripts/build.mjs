// Builds the package as customers install it: one ES module (openapi-fetch stays a dependency) and
// its type declarations, with the API's generated schema types copied in, so that the package needs
// nothing of the repository's private workspaces.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';

const packageDir = new URL('..', import.meta.url).pathname;
const dist = join(packageDir, 'dist');
const require = createRequire(import.meta.url);

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [join(packageDir, 'src/index.ts')],
  outfile: join(dist, 'index.js'),
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: ['openapi-fetch'],
  logLevel: 'warning',
});
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(packageDir, 'tsconfig.build.json')], { stdio: 'inherit' });
copyFileSync(join(packageDir, '../api-client/src/schema.d.ts'), join(dist, 'schema.d.ts'));
for (const file of readdirSync(dist).filter((name) => name.endsWith('.d.ts') && name !== 'schema.d.ts')) {
  const path = join(dist, file);
  // Declarations are read by Node's resolution too (`moduleResolution: node16`), which wants extensions.
  const text = readFileSync(path, 'utf8')
    .replaceAll(`'@kaja/api-client'`, `'./schema.js'`)
    .replace(/from '(\.\/[\w-]+)'/g, `from '$1.js'`);
  writeFileSync(path, text);
}
