// The session cookie (DESIGN §5): HttpOnly, SameSite=Lax, Secure over https (its name is __Host-sid
// then, sid on plain http), expiring with the session.
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';

export function setSessionCookie(reply: FastifyReply, config: Config, token: string, expiresAt: Date) {
  reply.setCookie(config.sessionCookie, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(config.sessionCookie, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}
