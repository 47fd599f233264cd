// Form-encoded bodies only where the contract declares them (`body: 'form'` in shared/contract/routes.ts):
// the spec's form calls (the rolling feeds, the password check and update) and a mail's one-click
// unsubscribe (RFC 8058). Every other call answers such a body 415 before it is read, so nothing runs:
// a plain HTML form on another site can then post to none of them (issue 36).
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../shared/contract/define';
import { ROUTES } from '../../shared/contract/routes';
import { MSG } from '../../shared/messages';
import { AppError } from '../errors';

const FORM = /^\s*application\/x-www-form-urlencoded\s*(;|$)/i;

export function formBodiesOnlyWhereDeclared(app: FastifyInstance) {
  app.addHook('preParsing', async (request) => {
    const type = request.headers['content-type'];
    if (!type || !FORM.test(type)) return;
    const call = request.routeOptions.config.call;
    // Not an API call (an unknown path): its own answer (404) says more.
    if (call === undefined) return;
    const route: Route = ROUTES[call];
    if (route.body !== 'form') throw new AppError(415, MSG.errors.formNotAccepted);
  });
}
