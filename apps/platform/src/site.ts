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

/** A not-found page as sent: its HTML and the policy naming its inline scripts' hashes. */
type NotFoundPage = { html: string; policy: string };

/** A not-found page's file name, or its pre-compressed copy's: served only with status 404, never as a page of its own. */
const notFoundFile = /(^|\/)(404|__spa-fallback)\.html(\.gz|\.br)?$/;

/**
 * The site's not-found pages by folder (`''` for the site's own, `blog/` for the blog's), read once at start:
 * each pre-rendered `404.html` (decision 090), or else React Router's SPA fallback, which renders the not-found
 * page in the browser (a build from before 090), or else a line of HTML.
 */
async function notFoundPages(dir: string, policies: Map<string, string>, defaultPolicy: string): Promise<Map<string, NotFoundPage>> {
  const pages = new Map<string, NotFoundPage>();
  for (const [file, policy] of policies) {
    if (file === '404.html' || file.endsWith('/404.html'))
      pages.set(file.slice(0, -'404.html'.length), { html: await readFile(join(dir, file), 'utf8'), policy });
  }
  if (!pages.has('')) {
    const fallback = await readIfPresent(join(dir, '__spa-fallback.html'));
    pages.set('', {
      html: fallback || '<!doctype html><title>Not found</title><h1>Page not found</h1>',
      policy: (fallback && policies.get('__spa-fallback.html')) || defaultPolicy,
    });
  }
  return pages;
}

/** The not-found page of the nearest folder up an address's path: `/blog/no-such-post` gets the blog's, `/nope` the site's. */
function nearestNotFoundPage(pages: Map<string, NotFoundPage>, url: string): NotFoundPage {
  const path = url.split('?')[0]!;
  let folder = path.slice(1, path.lastIndexOf('/') + 1);
  while (!pages.has(folder)) folder = folder.slice(0, folder.slice(0, -1).lastIndexOf('/') + 1);
  return pages.get(folder)!;
}

/**
 * Serves the pre-rendered marketing site from `dir` at `/` with @fastify/static: the file itself (its
 * pre-compressed copy when the browser accepts one), or `<path>/index.html`, else a 404 with the nearest
 * not-found page up the address's path (`blog/404.html`, `404.html`), pre-rendered like every page.
 * Every page carries a Content-Security-Policy naming the hashes of its own inline scripts.
 * `/config.js` hands the environment's settings to the site. Paths under the API's prefix are never the
 * site's: what the API has no route for gets its not-found answer in the JSON envelope.
 */
export async function registerSite(app: FastifyInstance, dir: string, settings: SiteSettings): Promise<void> {
  const policies = await pagePolicies(dir, settings.apiBaseUrl);
  const defaultPolicy = contentSecurityPolicy(settings.apiBaseUrl);
  const notFound = await notFoundPages(dir, policies, defaultPolicy);

  await app.register(async (site) => {
    // The API's paths are never looked up on disk: what the API has no route for is its own not-found.
    site.addHook('onRequest', async (request, reply) => {
      if (isApiPath(request.url)) return reply.callNotFound();
    });
    await site.register(fastifyStatic, {
      root: dir,
      preCompressed: true,
      // A not-found page at its own address would answer 200: it is what the address gets instead, with 404.
      allowedPath: (path) => !notFoundFile.test(path),
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
    const page = nearestNotFoundPage(notFound, request.url);
    reply
      .status(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', page.policy)
      .removeHeader('content-length');
    return page.html;
  });
}
