import { readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiPath } from '@kaja/api';
import { contentSecurityPolicy } from './contentSecurityPolicy';
import { pagePolicies } from './sitePolicy';

/** The settings the pre-rendered site reads in the browser (it is built once for every environment). */
export interface SiteSettings {
  apiBaseUrl: string;
  appUrl: string;
  appMode: string;
  supportEmail: string;
  /** Whether the browsers report the site's errors (ERROR_REPORTING, decision 063); off when not given. */
  errorReporting?: { enabled: boolean };
  /** Whether the browsers count the site's page views and sign-up clicks (ANALYTICS, decision 064); off when not given. */
  analytics?: { enabled: boolean };
}

/** Built assets carry a content hash in their name, so they never change. */
const immutable = 'public, max-age=31536000, immutable';
/** The icon browsers ask for at /favicon.ico has no hash in its name; a month keeps it out of most visits. */
const faviconCache = 'public, max-age=2592000';

const readIfPresent = (path: string) => readFile(path, 'utf8').catch(() => null);

/**
 * Serves the pre-rendered marketing site from `dir` at `/` with @fastify/static: the file itself (its
 * pre-compressed copy when the browser accepts one), or `<path>/index.html`, else a 404 with the site's
 * fallback page: React Router's SPA fallback, which renders the not-found page in the browser, or 404.html.
 * Every page carries a Content-Security-Policy naming the hashes of its own inline scripts.
 * `/config.js` hands the environment's settings to the site. Paths under the API's prefix are never the
 * site's: what the API has no route for gets its not-found answer in the JSON envelope.
 */
export async function registerSite(app: FastifyInstance, dir: string, settings: SiteSettings): Promise<void> {
  const policies = await pagePolicies(dir, settings.apiBaseUrl);
  const defaultPolicy = contentSecurityPolicy(settings.apiBaseUrl);
  const fallbackName = ['__spa-fallback.html', '404.html'].find((name) => policies.has(name));
  const fallback = (fallbackName && (await readIfPresent(join(dir, fallbackName)))) || '<!doctype html><title>Not found</title><h1>Page not found</h1>';
  const fallbackPolicy = (fallbackName && policies.get(fallbackName)) || defaultPolicy;

  await app.register(async (site) => {
    // The API's paths are never looked up on disk: what the API has no route for is its own not-found.
    site.addHook('onRequest', async (request, reply) => {
      if (isApiPath(request.url)) return reply.callNotFound();
    });
    await site.register(fastifyStatic, {
      root: dir,
      preCompressed: true,
      setHeaders: (reply, path) => {
        // With a pre-compressed copy, `path` names it; the policy and the caching follow the original.
        const file = relative(dir, path)
          .replace(/\.(br|gz)$/, '')
          .split(sep)
          .join('/');
        reply.header('cache-control', file.startsWith('assets/') ? immutable : file === 'favicon.ico' ? faviconCache : 'no-cache');
        reply.header('content-security-policy', policies.get(file) ?? defaultPolicy);
      },
    });
  });

  const { apiBaseUrl, appUrl, appMode, supportEmail } = settings;
  const errorReporting = settings.errorReporting?.enabled ?? false;
  const analytics = settings.analytics?.enabled ?? false;
  const configScript = `window.__KAJA_CONFIG__ = ${JSON.stringify({ apiBaseUrl, appUrl, appMode, supportEmail, errorReporting, analytics })};\n`;
  app.get('/config.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(configScript),
  );

  // What the site has no file for (or refuses to look up, like `..`) is its 404 page; the API's
  // not-found handler answers first, in the JSON envelope, and is replaced here outside the API's paths.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) return payload;
    const refused = reply.statusCode === 403 && request.routeOptions.url === '/*';
    if (!request.is404 && !refused) return payload;
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', fallbackPolicy)
      .removeHeader('content-length');
    return fallback;
  });
}
