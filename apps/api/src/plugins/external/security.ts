import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { Config } from '@kaja/config';

export const origin = (url: string) => new URL(url).origin;

/** Security headers on every response, CORS for the dashboard and the site only, cookies, no-store for secrets. */
export async function securityPlugin(app: FastifyInstance, { config }: { config: Config }) {
  await app.register(helmet, {
    // The API sets its own strict policy; pages served beside it (the site) bring theirs.
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    hsts: config.apiBaseUrl.startsWith('https:'),
  });
  await app.register(cors, {
    origin: [...new Set([origin(config.appUrl), origin(config.siteUrl)])],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });
  await app.register(cookie);
  // Answers with secrets (new keys, tokens) must not linger in a browser's or a proxy's cache.
  app.addHook('onRoute', (route) => {
    if (!route.config?.secret) return;
    const schema = (route.schema ??= {});
    const note = 'The answer carries a secret and is sent with `Cache-Control: no-store`.';
    schema.description = schema.description ? `${schema.description}\n\n${note}` : note;
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config?.secret) reply.header('Cache-Control', 'no-store');
  });
}
