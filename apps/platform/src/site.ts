import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiPath } from '@kaja/api';

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The settings the pre-rendered site reads in the browser (it is built once for every environment). */
export interface SiteSettings {
  apiBaseUrl: string;
  appUrl: string;
  appMode: string;
  supportEmail: string;
}

/**
 * Serves the pre-rendered marketing site from `dir` at `/`: the file itself (its pre-compressed copy
 * when the browser accepts one), or `<path>/index.html`, else a 404 with the site's fallback page:
 * React Router's SPA fallback, which renders the not-found page in the browser, or 404.html.
 * `/config.js` hands the environment's settings to the site. Paths under the API's prefix are never the
 * site's: what the API has no route for gets its not-found answer in the JSON envelope.
 */
export async function registerSite(app: FastifyInstance, dir: string, settings: SiteSettings): Promise<void> {
  await app.register(fastifyStatic, {
    root: dir,
    serve: false,
    preCompressed: true,
    // Built assets carry a content hash in their name, so they never change.
    setHeaders: (reply, path) => {
      if (relative(dir, path).startsWith(`assets${sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const fallbackFile = [join(dir, '__spa-fallback.html'), join(dir, '404.html')].find(isFile);
  const fallback = fallbackFile ? readFileSync(fallbackFile, 'utf8') : '<!doctype html><title>Not found</title><h1>Page not found</h1>';

  const { apiBaseUrl, appUrl, appMode, supportEmail } = settings;
  const configScript = `window.__KAJA_CONFIG__ = ${JSON.stringify({ apiBaseUrl, appUrl, appMode, supportEmail })};\n`;
  app.get('/config.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(configScript),
  );

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
  app.get('/*', { schema: { hide: true } }, (request, reply) =>
    isApiPath(request.url) ? reply.callNotFound() : serve((request.params as { '*': string })['*'], reply),
  );
}
