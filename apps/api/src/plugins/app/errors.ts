import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, apiErrorOf, type ErrorCode, type ErrorDetails } from '../../errors';
import { detailsFromIssues } from '../../schemas/messages';

function envelope(code: ErrorCode, message: string, details: ErrorDetails = {}) {
  return { status: 'error' as const, error: { code, message, details } };
}

function fromFrameworkError(error: FastifyError, request: FastifyRequest): ApiError {
  const status = error.statusCode ?? 500;
  if (status === 413) {
    const limit = request.routeOptions.bodyLimit;
    return new ApiError('payload_too_large', `Request body is too large: this call takes at most ${limit} bytes`, { limit_bytes: limit });
  }
  if (status === 415) return new ApiError('bad_request', 'Unsupported content type: send application/json');
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return new ApiError('bad_request', 'Request body is not valid JSON');
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new ApiError('bad_request', 'Request body is empty; send a JSON object');
  if (status === 429) return new ApiError('rate_limited', 'Too many requests');
  if (status === 404) return new ApiError('not_found', 'Resource not found');
  if (status >= 400 && status < 500) return new ApiError('bad_request', 'Bad request');
  return new ApiError('internal_error', 'An unexpected error occurred');
}

/** One error handler for the whole API: every failure leaves in the envelope, never with internals. */
export async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let apiError: ApiError;
    const known = apiErrorOf(error);
    if (known) {
      apiError = known;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? 'Invalid value',
      }));
      // A malformed id in the path is an id that does not exist.
      apiError =
        error.validationContext === 'params'
          ? new ApiError('not_found', 'Resource not found')
          : new ApiError('validation_failed', issues[0]?.message ?? 'Validation failed', detailsFromIssues(issues));
    } else {
      apiError = fromFrameworkError(error, request);
    }
    if (apiError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // The route's template, never the address: no ids, names or query strings in the report.
      const route = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
      app.context.background('error report', () => app.errorReports.report('api', error, route));
    } else request.log.info({ code: apiError.code }, apiError.message);
    for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
    return reply.status(apiError.status).send(envelope(apiError.code, apiError.message, apiError.details));
  });

  app.setNotFoundHandler((request, reply) => reply.status(404).send(envelope('not_found', `No route ${request.method} ${request.url.split('?')[0]}`)));
}
