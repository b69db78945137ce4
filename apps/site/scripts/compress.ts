// After the build: a gzip and a Brotli copy beside every text file of build/client, so the
// platform sends compressed bytes without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = fileURLToPath(new URL('../build/client', import.meta.url));
const compressible = /\.(html|js|css|data|xml|txt|svg|json)$/;

function* files(path: string): Generator<string> {
  for (const entry of readdirSync(path)) {
    const full = join(path, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (compressible.test(entry)) yield full;
  }
}

let count = 0;
for (const file of files(dir)) {
  const body = readFileSync(file);
  if (body.length < 512) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count += 1;
}
console.log(`Compressed ${count} files in build/client (gzip and Brotli).`);
