import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../../errors';
import type { RateLimits } from '../../plugins/app/rateLimit';
import { authenticate } from '../../services/accounts/authentication';
import { hasScope, requireWritableAccount, type Principal } from '../../services/accounts/principal';
import type { ZoneContext } from '../../services/context';
import { addressesOf, hostnamesOf, maxHostsPerUpdate, newSetTtl, updateHost } from '../../services/zones/dyndns';
import { RateLimiter } from '../../services/ops/rateLimiter';
import { text } from '../../schemas/text';

// GET /nic/update: dynamic DNS in the dyndns2 protocol, where routers and ddclient expect it (outside
// /v1, answered in plain text, not in the API's envelope). Decision 053.

const realm = 'Basic realm="Kaja DNS dynamic DNS", charset="UTF-8"';

/** The API key of an update: the password of HTTP basic auth (the user name is the host name, or anything), or a Bearer token. */
function presentedKey(header: string | undefined): { key: string; username?: string } | null {
  if (!header) return null;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return { key: bearer[1]! };
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!basic) return null;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
}

function answer(reply: FastifyReply, status: number, lines: string[]) {
  return (
    reply
      .status(status)
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'no-store')
      // dyndns2 answers are lines of text, not JSON strings.
      .serializer((payload: unknown) => String(payload))
      .send(lines.map((line) => `${line}\n`).join(''))
  );
}

const badauth = (reply: FastifyReply) => answer(reply.header('WWW-Authenticate', realm), 401, ['badauth']);

/**
 * The key's owner when the key may write records now: the same checks as a /v1 record write (the
 * key's validity, age and client networks in `authenticate`, the scope, a writable account). The
 * zones and record policies of the key are checked per host name by the write path.
 */
async function updater(ctx: ZoneContext, request: FastifyRequest, key: string): Promise<{ principal: Principal; keyId: string } | 'refused' | 'limited'> {
  let principal: Principal;
  try {
    principal = await authenticate(ctx, key, { ip: request.ip, viaCookie: false, userAgent: request.headers['user-agent'] ?? null });
  } catch (error) {
    if (!(error instanceof ApiError) || (error.code !== 'unauthorized' && error.code !== 'forbidden')) throw error;
    if (error.code === 'unauthorized') request.authenticationFailed = true;
    return request.refusedCredentialsLimited ? 'limited' : 'refused';
  }
  if (principal.credential.kind !== 'api_key' || !hasScope(principal, 'records:write')) return 'refused';
  try {
    requireWritableAccount(principal);
  } catch {
    return 'refused';
  }
  return { principal, keyId: principal.credential.apiKey.id };
}

/** The answers, as the OpenAPI document lists them. */
const answers = [
  '`good <addresses>` (200): the address was published',
  '`nochg <addresses>` (200): the host already had just that address',
  '`nohost` (200): not a host name in a zone the key may change (the key’s zones and record policies)',
  '`notfqdn` (200): no host name, or not a fully qualified one',
  `\`numhost\` (200): more than ${maxHostsPerUpdate} host names`,
  '`dnserr` (200): the change breaks a record rule (such as a CNAME at the name) or the plan’s record limit',
  '`abuse` (200, Retry-After): too many updates with this key, or too many refused credentials from this address',
  '`badauth` (401, WWW-Authenticate): no API key, or one that may not do this (unknown, revoked, expired, without `records:write`, not from this address, or the account is read-only)',
  '`911` (500): a failure on our side; try again later',
  'a sentence (400) naming a malformed parameter, such as an address that is not one',
];

/** /nic/update, the dyndns2 update call (`limits.dyndns` per API key). */
export const dyndnsRoutes: FastifyPluginAsyncZod<{ limits: RateLimits }> = async (app, { limits }) => {
  const ctx: ZoneContext = { ...app.context, zoneChanges: app.zoneChanges };
  const limiter = new RateLimiter();

  // Clients of this protocol read text: a bad parameter is a 400 in words, a failure of ours is 911.
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) return answer(reply, 400, [error.validation.map((issue) => issue.message).join('; ')]);
    if (error instanceof ApiError && error.code === 'bad_request') return answer(reply, 400, [error.message]);
    request.log.error({ err: error }, 'dynamic DNS update failed');
    return answer(reply, 500, ['911']);
  });

  app.get(
    '/nic/update',
    {
      // A HEAD must not change records.
      exposeHeadRoute: false,
      schema: {
        tags: ['dynamic dns'],
        summary: 'Publish a host’s current address (dyndns2 protocol, for routers and ddclient)',
        description: [
          'Sets the A set (IPv4) and/or AAAA set (IPv6) of each host name to one address, as routers and `ddclient` (`protocol=dyndns2`) do. Outside `/v1`; answered in plain text, one line per host name.',
          '',
          `Authentication: HTTP basic auth with an API key as the password (the user name is the host name or anything), or \`Authorization: Bearer <API key>\`. The key needs \`records:write\`, and its zones, record policies (A and AAAA at the name) and client networks must allow the change. A request without credentials gets 401 with \`WWW-Authenticate: Basic\`.`,
          '',
          `Addresses: \`myip\` (IPv4 or IPv6; \`<ipv4>,<ipv6>\` sets both) and \`myipv6\`; with neither, the address the request comes from. A family not given is left unchanged. An existing set keeps its TTL; a new set gets ${newSetTtl} seconds. Each change is one new serial, in the zone's history as source \`api\`.`,
          '',
          `Rate limit: ${limits.dyndns.limit} host updates per key per ${limits.dyndns.windowSeconds} seconds, then \`abuse\` with Retry-After.`,
          '',
          'Answers, one line per host name (text/plain):',
          ...answers.map((line) => `- ${line}`),
          '',
          'API key only (HTTP basic password or Bearer); scope `records:write`.',
        ].join('\n'),
        querystring: z.object({
          hostname: text()
            .max(maxHostsPerUpdate * 256)
            .optional()
            .describe('The host name(s) to update, comma-separated (up to 20); left out, the basic-auth user name'),
          myip: text().max(200).optional().describe('The address to publish: IPv4, IPv6, or both as `<ipv4>,<ipv6>`'),
          myipv6: text().max(200).optional().describe('The IPv6 address to publish'),
        }),
        security: [{ basic: [] }, { bearer: [] }],
        produces: ['text/plain'],
        response: {
          200: z
            .string()
            .describe('One line per host name: `good <addresses>`, `nochg <addresses>`, `nohost`, `notfqdn`, `dnserr`, `abuse`, `numhost` (text/plain)'),
          400: z.string().describe('What is wrong with a parameter (text/plain)'),
          401: z.string().describe('`badauth` (text/plain)'),
          500: z.string().describe('`911` (text/plain)'),
        },
      },
    },
    async (request, reply) => {
      const presented = presentedKey(request.headers.authorization);
      if (!presented) return badauth(reply);
      const caller = await updater(ctx, request, presented.key);
      if (caller === 'refused') return badauth(reply);
      if (caller === 'limited') {
        return answer(reply.header('Retry-After', request.refusedCredentialsLimited?.headers['Retry-After'] ?? '60'), 200, ['abuse']);
      }

      const hostnames = hostnamesOf(request.query.hostname, presented.username);
      if (hostnames.length === 0) return answer(reply, 200, ['notfqdn']);
      if (hostnames.length > maxHostsPerUpdate) return answer(reply, 200, ['numhost']);
      const addresses = addressesOf(request.query, request.ip);
      const published = Object.values(addresses).join(' ');

      const { limit, windowSeconds } = limits.dyndns;
      const lines: string[] = [];
      for (const hostname of hostnames) {
        const rate = limiter.hit(`dyndns:${caller.keyId}`, limit, windowSeconds * 1000);
        reply.header('RateLimit-Policy', `"dyndns";q=${limit};w=${windowSeconds}`);
        reply.header('RateLimit', `"dyndns";r=${rate.remaining};t=${rate.resetSeconds}`);
        if (!rate.allowed) {
          reply.header('Retry-After', String(rate.resetSeconds));
          lines.push('abuse');
          continue;
        }
        const result = await updateHost(ctx, caller.principal, hostname, addresses);
        lines.push(result === 'good' || result === 'nochg' ? `${result} ${published}` : result);
      }
      request.log.info({ hosts: hostnames, answers: lines }, 'dynamic DNS update');
      return answer(reply, 200, lines);
    },
  );
};
