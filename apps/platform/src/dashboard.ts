import { relative, sep } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '@kaja/config';
import { contentSecurityPolicy } from './contentSecurityPolicy';

/** The settings the dashboard reads in the browser from `/config.js` (it is built once for every environment). */
export type DashboardSettings = Pick<Config, 'apiBaseUrl' | 'appUrl' | 'siteUrl' | 'appMode' | 'supportEmail' | 'logLevel'> & {
  /** Whether the browsers report the dashboard's errors (ERROR_REPORTING, decision 063); off when not given. */
  errorReporting?: { enabled: boolean };
};

/**
 * The dashboard's web server for APP_PORT: the built single-page app from `dir`, `index.html` for
 * every client route, hashed assets cached for good, and `/config.js` with this environment's settings.
 */
export async function buildDashboardServer(dir: string, settings: DashboardSettings): Promise<FastifyInstance> {
  const server = Fastify({ logger: { level: settings.logLevel } });
  // No inline script: the stored credentials are only as safe as the scripts allowed to run beside
  // them (docs/decisions/017).
  const policy = contentSecurityPolicy(settings.apiBaseUrl);
  server.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', policy);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
  });

  await server.register(fastifyStatic, {
    root: dir,
    index: false,
    // Built assets carry a content hash in their name, so they never change; the rest is checked each time.
    setHeaders: (reply, path) => {
      const hashed = relative(dir, path).startsWith(`assets${sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const { apiBaseUrl, appUrl, siteUrl, appMode, supportEmail } = settings;
  const errorReporting = settings.errorReporting?.enabled ?? false;
  const configScript = `window.__KAJA_CONFIG__ = ${JSON.stringify({ apiBaseUrl, appUrl, siteUrl, appMode, supportEmail, errorReporting })};\n`;
  server.get('/config.js', (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(configScript));

  // Client routes (/zones/..., /auth/verify-email?token=...) are the app's own page; a missing asset is a 404.
  server.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if ((request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/assets/') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
  server.get('/', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  return server;
}
