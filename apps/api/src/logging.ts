import type { FastifyRequest } from 'fastify';
import pino from 'pino';

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
  return url.replace(/([?&](?:token|key|access_token)=)[^&]*/gi, '$1[redacted]').replace(/\/invitations\/[^/?]+\/accept/, '/invitations/[redacted]/accept');
}

type SerializedError = Record<string, unknown> & { message?: string; stack?: string };

/**
 * Errors as pino writes them, without the values of a failed statement: the ORM puts its parameters
 * (password and key hashes among them) in `params` and at the end of its message, and PostgreSQL its
 * failing row in `detail`. The statement itself, with its placeholders, stays: it says what failed.
 */
export function errorSerializer(error: Error) {
  if (!(error instanceof Error)) return error;
  return withoutStatementValues(error, pino.stdSerializers.err(error)) as ReturnType<typeof pino.stdSerializers.err>;
}

function withoutStatementValues(error: Error, serialized: SerializedError): SerializedError {
  const { params, detail, ...kept } = serialized;
  if (params !== undefined && typeof serialized.message === 'string') {
    const cut = serialized.message.indexOf('\nparams: ');
    if (cut >= 0) {
      const message = serialized.message.slice(0, cut);
      kept.message = message;
      // The stack starts with the original message: replace exactly that, keep the frames and causes.
      const stack = serialized.stack;
      const at = typeof stack === 'string' ? stack.indexOf(error.message) : -1;
      kept.stack = at >= 0 ? stack!.slice(0, at) + message + stack!.slice(at + error.message.length) : message;
    }
  }
  if (detail !== undefined) kept.detail = '[redacted]';
  if (error.cause instanceof Error && kept.cause && typeof kept.cause === 'object') {
    kept.cause = withoutStatementValues(error.cause, kept.cause as SerializedError);
  }
  return kept;
}
