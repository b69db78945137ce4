// After `react-router build`, before compress.ts: each not-found page React Router pre-rendered under /404
// (app/not-found-pages.ts) becomes the `404.html` of its folder, and /404 is no page of its own: nothing of it is
// left for the platform to serve with status 200 (decision 090).
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { notFoundPages } from '../app/not-found-pages';

const dir = fileURLToPath(new URL('../build/client', import.meta.url));

for (const { path, file } of notFoundPages) {
  const built = join(dir, path, 'index.html');
  if (!existsSync(built)) throw new Error(`${path} was not pre-rendered: build/client${path}/index.html is missing`);
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  renameSync(built, join(dir, file));
}
rmSync(join(dir, '404'), { recursive: true });
console.log(`Moved ${notFoundPages.length} not-found pages to their 404.html in build/client.`);
