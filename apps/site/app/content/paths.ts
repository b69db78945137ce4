import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFrontMatter } from './entry';

const contentDir = fileURLToPath(new URL('../../content', import.meta.url));

/** The URL prefix of each content folder. */
export const contentRoutes = { blog: '/blog', learning: '/learning', docs: '/docs', api: '/api' } as const;

const markdownFiles = (dir: string, folder: string) => {
  const path = join(dir, folder);
  return existsSync(path) ? readdirSync(path).filter((file) => file.endsWith('.md')) : [];
};

/** Whether a content folder has articles; an empty one gets no article route (pre-rendering needs at least one page per route). */
export const hasContent = (folder: keyof typeof contentRoutes, dir = contentDir) => markdownFiles(dir, folder).length > 0;

/**
 * Every article address to pre-render: by slug, and by file name where it differs,
 * since a post is found by either.
 */
export function contentPaths(dir = contentDir) {
  return Object.entries(contentRoutes).flatMap(([folder, prefix]) => {
    return markdownFiles(dir, folder).flatMap((file) => {
      const { slug, fileName } = readFrontMatter(file, readFileSync(join(dir, folder, file), 'utf8'));
      return [...new Set([slug, fileName])].map((name) => `${prefix}/${name}`);
    });
  });
}
