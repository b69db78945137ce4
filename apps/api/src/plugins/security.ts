import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { Config } from '@kaja/config';

export const origin = (url: string) => new URL(url).origin;

/** Security headers on every response, CORS for the dashboard and the site only, cookies. */
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
}
