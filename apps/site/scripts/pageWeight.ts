// The JavaScript each pre-rendered page makes the browser load before it is interactive, read from the
// build output: the page's script and module-preload tags, the modules its inline scripts import, the
// islands' script and the islands' modules its starting script loads once the page has painted (named in
// `data-hydrate` and `data-module`), and every module those import in turn. Modules loaded only on demand
// (`import()` inside a chunk, like another route's code) are not counted: a visitor of this page does not
// fetch them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

export type PageWeight = {
  /** The page's address, `/` for the landing page. */
  page: string;
  /** The JavaScript files it loads, as served paths (`/assets/...`). */
  files: string[];
  /** Their bytes on disk. */
  raw: number;
  /** Their bytes as sent to a browser that accepts gzip: the build's `.gz` copy, or the file itself when it has none (too small to gain). */
  gzipped: number;
};

const tagged = [/<script\b[^>]*\bsrc="([^"]+)"/g, /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g];
const started = /\bdata-(?:hydrate|module)="([^"]+)"/g;
const inlineScript = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const staticImport = /\bimport\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;
const chunkImport = /(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g;

/**
 * The pre-rendered pages of a build: each `index.html` under build/client by its address, and each not-found page,
 * served for the addresses that have no file (decision 090), by its file (`404.html`, `blog/404.html`).
 */
export function prerenderedPages(clientDir: string): string[] {
  const pages: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      const folder = relative(clientDir, dir).split(sep).join('/');
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === 'index.html') pages.push(`/${folder}`.replace(/\/$/, '') || '/');
      else if (entry === '404.html') pages.push(folder ? `${folder}/404.html` : '404.html');
    }
  };
  walk(clientDir);
  return pages.sort();
}

/** The JavaScript one page's HTML loads; `page` is an address or a file name from `prerenderedPages`, or a file name such as `__spa-fallback.html`. */
export function pageWeight(clientDir: string, page: string): PageWeight {
  const htmlFile = page.endsWith('.html') ? join(clientDir, page) : join(clientDir, page, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const pending: string[] = [];
  for (const pattern of tagged) for (const match of html.matchAll(pattern)) pending.push(match[1]!);
  for (const match of html.matchAll(started)) pending.push(match[1]!);
  for (const [, body] of html.matchAll(inlineScript)) for (const match of body!.matchAll(staticImport)) pending.push(match[1]!);

  const files = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    // Only the build's own files: /config.js is the platform's, written per environment.
    if (files.has(file) || !file.startsWith('/') || !existsSync(join(clientDir, file))) continue;
    files.add(file);
    const code = readFileSync(join(clientDir, file), 'utf8');
    for (const match of code.matchAll(chunkImport)) pending.push(posix.join(posix.dirname(file), match[1]!));
  }

  return { page, files: [...files].sort(), ...bytesOf(clientDir, files) };
}

/** The bytes of built files on disk and as sent gzipped. */
export function bytesOf(clientDir: string, files: Iterable<string>): { raw: number; gzipped: number } {
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const path = join(clientDir, file);
    raw += statSync(path).size;
    gzipped += statSync(existsSync(`${path}.gz`) ? `${path}.gz` : path).size;
  }
  return { raw, gzipped };
}
