import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/**
 * Serves the pre-rendered marketing site from `dir` at `/`: the file itself, or `<path>/index.html`,
 * else a 404 with the site's fallback page (404.html) when it has one.
 */
export async function registerSite(app: FastifyInstance, dir: string): Promise<void> {
  await app.register(fastifyStatic, { root: dir, serve: false });
  const fallbackFile = join(dir, '404.html');
  const fallback = isFile(fallbackFile) ? readFileSync(fallbackFile, 'utf8') : '<!doctype html><title>Not found</title><h1>Page not found</h1>';

  const serve = async (path: string, reply: import('fastify').FastifyReply) => {
    const decoded = (() => {
      try {
        return decodeURIComponent(path);
      } catch {
        return null;
      }
    })();
    const target = decoded === null ? null : normalize(join(dir, decoded));
    const inside = target !== null && (target === dir || !relative(dir, target).startsWith('..')) && !decoded!.includes('\0');
    if (inside) {
      const file = isFile(target) ? target : isFile(join(target, 'index.html')) ? join(target, 'index.html') : null;
      if (file) return reply.sendFile(relative(dir, file).split(sep).join('/'));
    }
    return reply.status(404).type('text/html; charset=utf-8').send(fallback);
  };

  app.get('/', { schema: { hide: true } }, (_request, reply) => serve('/', reply));
  app.get('/*', { schema: { hide: true } }, (request, reply) => serve((request.params as { '*': string })['*'], reply));
}
