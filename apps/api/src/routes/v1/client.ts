import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookie } from '../../plugins/app/authentication';
import type { Client } from '../../services/accounts/signIn';

export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** The session cookie: HttpOnly, SameSite=Lax, Secure when the API is reached over https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(sessionCookie, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https' || request.server.context.config.apiBaseUrl.startsWith('https:'),
    path: '/',
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(sessionCookie, { path: '/' });
}
