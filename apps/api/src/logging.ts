import type { FastifyRequest } from 'fastify';

/** Never log credentials: headers, cookies, passwords and tokens in bodies. */
export const logRedaction = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.token',
  '*.access_token',
  '*.key',
];

/** Request line for the logs, with tokens in query strings and invitation paths masked. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
    userAgent: request.headers['user-agent'],
  };
}

export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|key|access_token)=)[^&]*/gi, '$1[redacted]')
    .replace(/\/invitations\/[^/?]+\/accept/, '/invitations/[redacted]/accept');
}
