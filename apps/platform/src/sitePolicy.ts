import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { contentSecurityPolicy } from './contentSecurityPolicy';

/**
 * React Router's pre-rendered pages carry inline scripts (the router's context, the hydration entry,
 * scroll restoration, React's streaming markers), and each page's differ. Rather than allowing every
 * inline script, each page's policy names the SHA-256 of exactly the scripts in that page, so an
 * injected `<script>` or `onclick` does not run.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  // Only elements without `src`: their text is what the browser hashes, byte for byte.
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1]!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.isFile() && entry.name.endsWith('.html')) yield path;
  }
}

/** Every HTML page of the build (its path below `dir`, with `/`) and its policy; read once at start. */
export async function pagePolicies(dir: string, apiBaseUrl: string): Promise<Map<string, string>> {
  const policies = new Map<string, string>();
  for await (const file of htmlFiles(dir)) {
    const hashes = inlineScriptHashes(await readFile(file, 'utf8'));
    policies.set(relative(dir, file).split(sep).join('/'), contentSecurityPolicy(apiBaseUrl, hashes));
  }
  return policies;
}
