#!/usr/bin/env node
// The `kaja` command: the CLI's bundle from the server build (`npm run build`, decision 051).
import { existsSync } from 'node:fs';

const bundle = new URL('../../../dist/apps/cli/src/main.js', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write('kaja is not built: run `npm run build` in the repository first\n');
  process.exit(1);
}
await import(bundle.href);
