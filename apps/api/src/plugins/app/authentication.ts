import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiScope } from '@kaja/catalog';
import { ApiError, unauthorized } from '../../errors';
import { authenticate } from '../../services/accounts/authentication';
import type { ServiceContext } from '../../services/context';
import { requireScope, requireStaff, requireWritableAccount, type Principal } from '../../services/accounts/principal';
import { origin } from '../external/security';

export const sessionCookie = 'kaja_session';

/**
 * How a route is reached: `public` (no credential needed, one is used when sent), `credential`
 * (API key or access token or cookie; the default), `session` (access token or cookie only).
 */
export type RouteAuth = 'public' | 'credential' | 'session';

export type RateClass = 'read' | 'write' | 'mail' | 'support' | 'errors' | 'analytics';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    scope?: ApiScope;
    rateClass?: RateClass;
    /**
     * Writes allowed while the account is read-only: billing (how a customer puts it right), and taking
     * access away (signing out, revoking keys, removing users and invitations), which is never held back.
     */
    whileReadOnly?: boolean;
    /** The answer carries a secret (a key, a token): never stored by a cache. */
    secret?: boolean;
    /** Open to a session that must enrol a second factor first (enrolment itself, the session, signing out). */
    whileEnrolling?: boolean;
    /** Set from the summary (`staffOnlySummary`): platform staff only, refused to anyone else before the body is read. */
    staffOnly?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/**
 * The mark of a platform staff route: its OpenAPI summary says "(platform staff)" or "(platform staff; …)".
 * What the document tells readers is what is enforced, and the test of staff routes finds them by it (decision 065).
 */
export const staffOnlySummary = /\(platform staff[;)]/;

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function credentialOf(request: FastifyRequest): { token: string; viaCookie: boolean } | null {
  const header = request.headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw unauthorized('Authorization header must be "Bearer <API key or access token>"');
    return { token: match[1]!, viaCookie: false };
  }
  const cookie = request.cookies[sessionCookie];
  return cookie ? { token: cookie, viaCookie: true } : null;
}

/** Whether the call brings a credential that authentication will look up (a stale cookie on a public route does not count). */
export function presentsCredential(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true;
  return (request.routeOptions.config.auth ?? 'credential') !== 'public' && request.cookies[sessionCookie] !== undefined;
}

/** Who the caller is, checked before every /v1 route against the route's `auth` and `scope`. */
export async function authenticationPlugin(app: FastifyInstance, { context }: { context: ServiceContext }) {
  const trustedOrigins = new Set([origin(context.config.appUrl), origin(context.config.siteUrl), origin(context.config.apiBaseUrl)]);
  app.decorateRequest('principal', null);

  // The OpenAPI document states what each route needs, from the same route options that enforce it.
  app.addHook('onRoute', (route) => {
    const auth = route.config?.auth ?? 'credential';
    const schema = (route.schema ??= {});
    const needs =
      auth === 'public'
        ? 'No credential needed.'
        : auth === 'session'
          ? 'Session only: the access token from sign-in or the session cookie, not an API key.'
          : `API key, access token or session cookie${route.config?.scope ? `; scope \`${route.config.scope}\`` : ''}.`;
    schema.description = schema.description ? `${schema.description}\n\n${needs}` : needs;
    if (typeof schema.summary === 'string' && staffOnlySummary.test(schema.summary)) route.config = { ...route.config, staffOnly: true };
    if (auth === 'public') schema.security = [];
    else if (auth === 'session') schema.security = [{ bearer: [] }, { cookie: [] }];
  });

  app.addHook('onRequest', async (request) => {
    // Unknown paths go to the not-found handler without asking for credentials.
    if (request.routeOptions.url === undefined) return;
    const routeConfig = request.routeOptions.config;
    const auth = routeConfig.auth ?? 'credential';
    const credential = credentialOf(request);
    if (!credential) {
      if (auth === 'public') return;
      throw unauthorized();
    }
    let principal: Principal;
    try {
      principal = await authenticate(context, credential.token, {
        ip: request.ip,
        viaCookie: credential.viaCookie,
        userAgent: request.headers['user-agent'] ?? null,
      });
    } catch (error) {
      // A stale cookie must not lock a visitor out of public pages.
      if (auth === 'public' && credential.viaCookie) return;
      if (error instanceof ApiError && error.code === 'unauthorized') {
        request.authenticationFailed = true;
        throw request.refusedCredentialsLimited ?? error;
      }
      throw error;
    }
    if (auth === 'session' && principal.credential.kind !== 'session') {
      request.authenticationFailed = true;
      throw new ApiError('unauthorized', 'This call needs a session (access token or cookie), not an API key');
    }
    // Cookies ride along on cross-site requests; writes made with one must come from our own pages.
    if (credential.viaCookie && !safeMethods.has(request.method)) {
      const from = request.headers.origin;
      if (!from || !trustedOrigins.has(from)) throw new ApiError('forbidden', 'Cross-site request refused (Origin not allowed)');
    }
    if (principal.mustEnrolSecondFactor && !routeConfig.whileEnrolling) {
      throw new ApiError('forbidden', 'Set up two-step sign-in first (an authenticator app or a passkey): it is required for your account', {
        two_factor: 'Two-step sign-in is required: enrol an authenticator app or a passkey',
        enrolment_required: true,
      });
    }
    request.principal = principal;
    if (routeConfig.staffOnly) requireStaff(principal);
    if (routeConfig.scope) requireScope(principal, routeConfig.scope);
    if (auth !== 'public' && !safeMethods.has(request.method) && !routeConfig.whileReadOnly) requireWritableAccount(principal);
  });
}

/** The caller of a route that requires a credential. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
